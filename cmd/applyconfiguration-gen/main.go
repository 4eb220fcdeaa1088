// Command applyconfiguration-gen generates apply configurations for API
// types. It takes the flags of k8s.io/code-generator's
// applyconfiguration-gen, plus --verify-only. Without --openapi-schema it
// builds the schema of the Extract functions itself.
package main

import (
	"io"
	"os"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/applyconfig"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	return cli.Command(args, stdout, stderr, applyconfig.Spec)
}

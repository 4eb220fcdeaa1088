// Command defaulter-gen generates the functions that default API objects.
// It takes the flags of k8s.io/code-generator's defaulter-gen, plus
// --verify-only.
package main

import (
	"io"
	"os"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/defaulter"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	return cli.Command(args, stdout, stderr, defaulter.Spec)
}

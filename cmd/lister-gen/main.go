// Command lister-gen generates listers for API types with +genclient. It
// takes the flags of k8s.io/code-generator's lister-gen, plus --verify-only.
package main

import (
	"io"
	"os"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/lister"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	return cli.Command(args, stdout, stderr, lister.Spec)
}

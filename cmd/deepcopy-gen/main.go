// Command deepcopy-gen generates DeepCopy methods. It takes the flags of
// k8s.io/code-generator's deepcopy-gen, plus --verify-only.
package main

import (
	"io"
	"os"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/deepcopy"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	return cli.Command(args, stdout, stderr, deepcopy.Spec)
}

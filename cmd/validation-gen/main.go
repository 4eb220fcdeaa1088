// Command validation-gen generates declarative validation functions. It
// takes the flags of k8s.io/code-generator's validation-gen, plus
// --verify-only.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/validation"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if slices.Contains(args, "--docs") || slices.Contains(args, "--docs=true") {
		b, err := validation.Docs()
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		stdout.Write(b)
		return 0
	}
	return cli.Command(args, stdout, stderr, validation.Spec)
}

// Command lister-gen generates listers for API types with +genclient. It
// takes the flags of k8s.io/code-generator's lister-gen, plus --verify-only.
package main

import (
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/cli/toolflags"
	"github.com/apigen-dev/apigen/engine"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("lister-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	var f toolflags.Lister
	f.Add(fs, "")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		return cli.One(f.Generator(&common, header))
	})
}

// Command client-gen generates typed clientsets for API types marked
// +genclient. It takes the flags of k8s.io/code-generator's client-gen,
// plus --verify-only.
package main

import (
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/cli/toolflags"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/client"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("client-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	var f toolflags.Client
	f.Add(fs, "")
	var gen *client.Generator
	gens, code, ok := cli.Parse(fs, args, &common, stderr, func(header []byte) ([]engine.Generator, error) {
		var err error
		gen, err = f.Generator(&common, header)
		return cli.One(gen, err)
	})
	if !ok {
		return code
	}
	// client-gen names its packages with --input-base and --input, not
	// with arguments.
	opts := common.Options(fs, stdout, stderr)
	opts.Patterns = client.Patterns(gen.Inputs)
	return engine.Run(opts, gens...)
}

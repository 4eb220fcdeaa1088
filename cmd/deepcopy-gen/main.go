// Command deepcopy-gen generates DeepCopy methods. It takes the flags of
// k8s.io/code-generator's deepcopy-gen, plus --verify-only.
package main

import (
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/deepcopy"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("deepcopy-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	common.AddOutputFile(fs, "generated.deepcopy.go")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		return []engine.Generator{&deepcopy.Generator{OutputFile: common.OutputFile, Header: header}}, nil
	})
}

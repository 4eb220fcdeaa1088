// Command deepcopy-gen generates DeepCopy methods. It takes the flags of
// k8s.io/code-generator's deepcopy-gen, plus --verify-only.
package main

import (
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/deepcopy"
)

func main() {
	fs := pflag.NewFlagSet("deepcopy-gen", pflag.ContinueOnError)
	var common cli.Common
	common.Add(fs)
	outputFile := fs.String("output-file", "generated.deepcopy.go", "the name of the file to be generated")
	fs.StringSlice("lint-rules", nil, "accepted for compatibility; apigen always checks markers")
	os.Exit(cli.Run(fs, os.Args[1:], &common, os.Stderr, func(header []byte) ([]engine.Generator, error) {
		return []engine.Generator{&deepcopy.Generator{OutputFile: *outputFile, Header: header}}, nil
	}))
}

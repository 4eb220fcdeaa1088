// Command lister-gen generates listers for API types with +genclient. It
// takes the flags of k8s.io/code-generator's lister-gen, plus --verify-only.
package main

import (
	"errors"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/lister"
	"github.com/apigen-dev/apigen/generators/lister/genclient"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("lister-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	var outputDir, outputPkg string
	var plurals []string
	fs.StringVar(&outputDir, "output-dir", "", "the directory the listers are written below, one package per group and version")
	fs.StringVar(&outputPkg, "output-pkg", "", "the Go import path of --output-dir")
	fs.StringSliceVar(&plurals, "plural-exceptions", nil, "comma-separated Type:PluralType pairs for plurals the rules get wrong, such as Endpoints:Endpoints")
	return cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		switch {
		case outputDir == "":
			return nil, errors.New("--output-dir must be specified")
		case outputPkg == "":
			return nil, errors.New("--output-pkg must be specified")
		}
		exceptions, err := genclient.ParsePluralExceptions(plurals)
		if err != nil {
			return nil, err
		}
		dir, err := common.Abs(outputDir)
		if err != nil {
			return nil, err
		}
		return []engine.Generator{&lister.Generator{
			OutputDir:        dir,
			OutputPkg:        outputPkg,
			PluralExceptions: exceptions,
			Header:           header,
		}}, nil
	})
}

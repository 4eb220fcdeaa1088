// Command openapi-gen generates OpenAPI definitions for API types and
// reports API rule violations. It takes the flags of kube-openapi's
// openapi-gen, plus --verify-only and -C.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/openapi"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are openapi-gen's own flags.
type options struct {
	outputDir, outputPkg string
	modelNameFile        string
	readonly             []string
	report               string
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("openapi-gen", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var common cli.Common
	common.Add(fs)
	common.AddOutputFile(fs, "generated.openapi.go")
	var o options
	fs.StringVar(&o.outputDir, "output-dir", "", "the directory to write the generated file to")
	fs.StringVar(&o.outputPkg, "output-pkg", "", "the import path of the generated file's package")
	fs.StringVar(&o.modelNameFile, "output-model-name-file", "", "the name of the OpenAPIModelName file to write into each package marked +k8s:openapi-model-package; none if empty")
	fs.StringSliceVar(&o.readonly, "readonly-pkg", nil, "a package to read but never write model name files into (repeatable)")
	fs.StringVarP(&o.report, "report-filename", "r", "-", `the file API rule violations are written to; "-" is standard output`)

	g := &openapi.Generator{}
	code := cli.Run(fs, args, &common, stdout, stderr, func(header []byte) ([]engine.Generator, error) {
		switch {
		case o.outputDir == "":
			return nil, fmt.Errorf("--output-dir must be specified")
		case o.outputPkg == "":
			return nil, fmt.Errorf("--output-pkg must be specified")
		case o.report == "":
			return nil, fmt.Errorf(`--report-filename must be specified ("-" for standard output)`)
		}
		g.OutputDir, g.OutputPkg, g.OutputFile, g.Header = common.ResolveFile(o.outputDir), o.outputPkg, common.OutputFile, header
		// As upstream, model name files are generated before the
		// definitions; here both come from the one load.
		gens := modelNames(o.modelNameFile, o.readonly, header)
		return append(gens, g), nil
	})
	if code != 0 || o.report == "" {
		return code
	}
	return openapi.WriteReport(common.ResolveFile(o.report), g.Report, common.VerifyOnly, stdout, stderr)
}

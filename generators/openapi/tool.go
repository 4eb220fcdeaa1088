package openapi

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
)

// cmdline is openapi-gen's command line, but for its model names (see
// modelname.NewTool): the definitions and the API rule violations.
type cmdline struct {
	prefix string
	out    cli.Output
	file   string
	report string     // where the violations go; "" is nowhere
	g      *Generator // once made, for its report
}

// NewTool returns openapi-gen's flags and generator of definitions.
func NewTool() cli.Tool { return &cmdline{} }

func (*cmdline) Name() string                 { return "openapi" }
func (*cmdline) Define(reg *markers.Registry) { (&Generator{}).Define(reg) }

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	t.prefix = prefix
	cli.OutputFile(fs, &t.file, prefix, "generated.openapi.go", "zz_generated.openapi.go", "file name of the OpenAPI definitions")
	t.out.Add(fs, prefix, "the directory to write the generated file to", "the import path of the generated file's package")
	if cli.Own(prefix) {
		fs.StringVarP(&t.report, "report-filename", "r", "-", `the file API rule violations are written to; "-" is standard output`)
	} else {
		fs.StringVar(&t.report, prefix+"report-filename", "", `file for the API rule violations ("-" is standard output); none if empty`)
	}
}

// Generator makes the generator when told where to write; in apigen
// generate, a report is optional.
func (t *cmdline) Generator(c *cli.Common, header []byte, _ []string) (engine.Generator, error) {
	if !t.out.Asked() {
		return nil, nil
	}
	if err := t.out.Check(); err != nil {
		return nil, err
	}
	if cli.Own(t.prefix) && t.report == "" {
		return nil, fmt.Errorf(`--report-filename must be specified ("-" for standard output)`)
	}
	t.g = &Generator{OutputDir: c.ResolveFile(t.out.Dir), OutputPkg: t.out.Pkg, OutputFile: t.file, Header: header}
	return t.g, nil
}

// Finish writes the API rule violations of the run, or with --verify-only
// compares them with the report on disk.
func (t *cmdline) Finish(c *cli.Common, stdout, stderr io.Writer) int {
	if t.report == "" {
		return 0
	}
	return WriteReport(c.ResolveFile(t.report), t.g.Report, c.VerifyOnly, stdout, stderr)
}

package openapi

import (
	"fmt"
	impl "github.com/apigen-dev/apigen/internal/openapi"
	"io"

	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// cmdline is openapi-gen's command line, but for its model names (see
// modelname.Spec): the definitions and the API rule violations.
type cmdline struct {
	prefix string
	out    cli.Output
	file   string
	report string          // where the violations go; "" is nowhere
	g      *impl.Generator // once made, for its report
}

// Spec declares openapi-gen.
var Spec = &cli.Spec{
	Name:    "openapi",
	Command: impl.Command,
	Doc:     "OpenAPI definitions as Go code, and the API rule violations",
	Markers: (&impl.Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

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
func (t *cmdline) Generator(c *cli.Common, header []byte, _ []string) (*engine.Generator, error) {
	if !t.out.Asked() {
		return nil, nil
	}
	if err := t.out.Check(); err != nil {
		return nil, err
	}
	if cli.Own(t.prefix) && t.report == "" {
		return nil, fmt.Errorf(`--report-filename must be specified ("-" for standard output)`)
	}
	t.g = &impl.Generator{OutputDir: c.ResolveFile(t.out.Dir), OutputPkg: t.out.Pkg, OutputFile: t.file, Header: header}
	e := t.g.Engine()
	e.Finish = func(stdout, stderr io.Writer) int { return t.finish(c, stdout, stderr) }
	return e, nil
}

// finish writes the API rule violations of the run, or with --verify-only
// compares them with the report on disk.
func (t *cmdline) finish(c *cli.Common, stdout, stderr io.Writer) int {
	if t.report == "" {
		return 0
	}
	return impl.WriteReport(c.ResolveFile(t.report), t.g.Report, c.VerifyOnly, stdout, stderr)
}

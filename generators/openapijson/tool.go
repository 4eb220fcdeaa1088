package openapijson

import (
	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
)

// cmdline is the OpenAPI v3 document's command line, in apigen generate only.
type cmdline struct{ file string }

// NewTool returns the flags and generator of the OpenAPI v3 document.
func NewTool() cli.Tool { return &cmdline{} }

func (*cmdline) Name() string                 { return "openapi-json" }
func (*cmdline) Define(reg *markers.Registry) { (&Generator{}).Define(reg) }

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	fs.StringVar(&t.file, prefix+"output-file", "", "write the OpenAPI v3 document of the definitions, validated, to this file")
}

// Generator makes the generator when given a file.
func (t *cmdline) Generator(c *cli.Common, _ []byte, _ []string) (engine.Generator, error) {
	if t.file == "" {
		return nil, nil
	}
	return &Generator{OutputFile: c.ResolveFile(t.file), Title: "Kubernetes", Version: "unversioned"}, nil
}

package openapijson

import (
	"github.com/spf13/pflag"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// cmdline is the OpenAPI v3 document's command line, in apigen generate only.
type cmdline struct{ file string }

// command names the generator in its messages; it replaces no upstream command.
const command = "openapi-json"

// Spec declares openapi-json.
var Spec = &cli.Spec{
	Name:    "openapi-json",
	Command: "",
	Doc:     "the OpenAPI v3 document of the definitions, validated",
	Markers: (&Generator{}).Define,
	Flags:   cli.FlagsOf[cmdline](),
}

func (t *cmdline) Flags(fs *pflag.FlagSet, prefix string) {
	fs.StringVar(&t.file, prefix+"output-file", "", "write the OpenAPI v3 document of the definitions, validated, to this file")
}

// Generator makes the generator when given a file.
func (t *cmdline) Generator(c *cli.Common, _ []byte, _ []string) (*engine.Generator, error) {
	if t.file == "" {
		return nil, nil
	}
	return (&Generator{OutputFile: c.ResolveFile(t.file), Title: "Kubernetes", Version: "unversioned"}).Engine(), nil
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects}
}

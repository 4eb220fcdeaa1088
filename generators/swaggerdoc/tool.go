package swaggerdoc

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// command is the upstream command the generator replaces.
const command = "genswaggertypedocs"

// Spec declares genswaggertypedocs.
var Spec = &cli.Spec{
	Name:    "swaggerdoc",
	Command: command,
	Doc:     "SwaggerDoc methods from the types' doc comments",
	// Opt-in, so that existing runs do not start writing swagger files.
	OptIn:   true,
	Markers: (&Generator{}).Define,
	Flags: cli.FileFlags("types_swagger_doc_generated.go", "types_swagger_doc_generated.go", "file name for the SwaggerDoc methods in each package with a types.go",
		func(file string, header []byte) *engine.Generator {
			return (&Generator{OutputFile: file, Header: header}).Engine()
		}),
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, Links: g.Local}
}

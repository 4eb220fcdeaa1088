package deepcopy

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// Spec declares deepcopy-gen.
var Spec = &cli.Spec{
	Name:    "deepcopy",
	Command: "deepcopy-gen",
	Doc:     "DeepCopy methods",
	Markers: (&Generator{}).Define,
	Flags: cli.FileFlags("generated.deepcopy.go", "zz_generated.deepcopy.go", "file name for DeepCopy methods in each package",
		func(file string, header []byte) *engine.Generator {
			return (&Generator{OutputFile: file, Header: header}).Engine()
		}),
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{
		Markers:  g.Define,
		Generate: g.Generate,
		Selects:  g.Selects,
		Links:    g.Local,
	}
}

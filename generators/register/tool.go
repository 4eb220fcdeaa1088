package register

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// command is the upstream command the generator replaces.
const command = "register-gen"

// Spec declares register-gen.
var Spec = &cli.Spec{
	Name:    "register",
	Command: command,
	Doc:     "scheme registration of each package's types",
	Markers: (&Generator{}).Define,
	Flags: cli.FileFlags("generated.register.go", "zz_generated.register.go", "file name for scheme registration in each package",
		func(file string, header []byte) *engine.Generator {
			return (&Generator{OutputFile: file, Header: header}).Engine()
		}),
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, DependencyTypes: true}
}

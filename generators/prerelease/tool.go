package prerelease

import (
	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
)

// command is the upstream command the generator replaces.
const command = "prerelease-lifecycle-gen"

// Spec declares prerelease-lifecycle-gen.
var Spec = &cli.Spec{
	Name:    "prerelease-lifecycle",
	Command: command,
	Doc:     "APILifecycle methods from +k8s:prerelease-lifecycle-gen markers",
	Markers: (&Generator{}).Define,
	Flags: cli.FileFlags("generated.prerelease_lifecycle.go", "zz_generated.prerelease-lifecycle.go", "file name for APILifecycle methods in each package",
		func(file string, header []byte) *engine.Generator {
			return (&Generator{OutputFile: file, Header: header}).Engine()
		}),
}

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, Links: g.Local, DependencyTypes: true}
}

package deepcopy

import "github.com/apigen-dev/apigen/engine"

// Engine returns g as the engine runs it.
func (g *Generator) Engine() *engine.Generator {
	return &engine.Generator{Markers: g.Define, Generate: g.Generate, Selects: g.Selects, Links: g.Local, DependencyTypes: true}
}

package engine

import (
	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// Part is a generator as its package declares it: the markers it reads and
// the files it makes. It may also have the methods
//
//	Selects(p *model.Package) bool
//	Needs(docs map[string]markers.Set) []load.Extra
//	Local(m *model.Model) (links map[string][]string, local bool)
//
// which Of makes its Selects, Needs and Links.
type Part interface {
	Define(reg *markers.Registry)
	Generate(m *model.Model, diags *diag.List) Output
}

// Of returns g as the engine runs it.
func Of(g Part) *Generator {
	e := &Generator{Markers: g.Define, Generate: g.Generate}
	if s, ok := g.(interface{ Selects(*model.Package) bool }); ok {
		e.Selects = s.Selects
	}
	if n, ok := g.(interface {
		Needs(map[string]markers.Set) []load.Extra
	}); ok {
		e.Needs = n.Needs
	}
	if l, ok := g.(interface {
		Local(*model.Model) (map[string][]string, bool)
	}); ok {
		e.Links = l.Local
	}
	return e
}

package engine

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"

	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
)

// extraPackages asks every generator what it needs. The package markers come
// from a quick listing and a parse of each doc.go; the model parses them
// again, and reports their problems, after the load.
func extraPackages(opts Options, reg *markers.Registry, gens []*Generator) ([]load.Extra, error) {
	if !slices.ContainsFunc(gens, func(g *Generator) bool { return g.Needs != nil }) {
		return nil, nil
	}
	pkgs, err := load.List(load.Config{Dir: opts.Dir, Patterns: opts.Patterns, Nested: opts.Nested})
	if err != nil {
		return nil, err
	}
	docs := map[string]markers.Set{}
	fset := token.NewFileSet()
	for _, p := range pkgs {
		for _, file := range p.GoFiles {
			if filepath.Base(file) != "doc.go" {
				continue
			}
			if f, err := parser.ParseFile(fset, file, nil, parser.ParseComments|parser.SkipObjectResolution); err == nil {
				docs[p.PkgPath] = reg.PackageMarkers(fset, f)
			}
		}
	}
	return Needs(gens, docs), nil
}

// Needs asks every generator among gens what it needs, given the package
// markers of the targets.
func Needs(gens []*Generator, docs map[string]markers.Set) []load.Extra {
	var extra []load.Extra
	for _, g := range gens {
		if g.Needs != nil {
			extra = append(extra, g.Needs(docs)...)
		}
	}
	return extra
}

package engine

import (
	"sync"

	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// modelFor returns the model g generates from in a run of opts.
func modelFor(opts Options, m *model.Model, g *Generator) *model.Model {
	if g.Selects != nil && opts.Select {
		return m.Select(g.Selects)
	}
	return m
}

// EachPackage makes, concurrently, the file of each package of m that the
// run emits (see model.Model.Emits), file returning nil for none, and
// returns them as PerPackage does.
func EachPackage(m *model.Model, name string, file func(p *model.Package) *output.File, owns func(*model.Package) bool) Output {
	files := make([]*output.File, len(m.Packages))
	var wg sync.WaitGroup
	for i, p := range m.Packages {
		if m.Emits(p) {
			wg.Go(func() { files[i] = file(p) })
		}
	}
	wg.Wait()
	return PerPackage(m, name, files, owns)
}

// PerPackage is the output of a generator that writes at most one file of
// that name into each package: files, nil ones left out, and the name owned
// in every package m.Covered lists that owns accepts (nil: all), and as a
// package file below prune trees.
func PerPackage(m *model.Model, name string, files []*output.File, owns func(*model.Package) bool) Output {
	out := Output{PackageFiles: []string{name}}
	for _, p := range m.Covered() {
		out.Roots = append(out.Roots, p.Dir)
		if owns == nil || owns(p) {
			out.Owned = append(out.Owned, output.Join(p.Dir, name))
		}
	}
	for _, f := range files {
		if f != nil {
			out.Files = append(out.Files, *f)
		}
	}
	return out
}

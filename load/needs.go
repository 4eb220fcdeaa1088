package load

import (
	"go/ast"
	"go/types"
	"strconv"
	"sync"

	"golang.org/x/tools/go/packages"
)

// With Config.Prune (or DependencyTypes), a load gives types only to the
// packages that the roots' declarations reach: generators read declarations, and
// function bodies are dropped, so an import only bodies use is never
// asked for. A controller's package imports most of client-go for its
// bodies; its declarations name a few types.
//
// A package read from the type cache needs none of its imports: export
// data holds every object its declarations refer to. It waits only for
// the packages below it that are checked from source, so that the objects
// it refers to are theirs (see plan.wait).

// plan is what needs found: the packages to load, and the files of those
// checked from source, parsed on the way.
type plan struct {
	mu    sync.Mutex
	need  map[*packages.Package]bool
	files map[*packages.Package][]*ast.File
	wg    sync.WaitGroup
	// below: a package checked from source is p or lies below it.
	below map[*packages.Package]bool
}

// needs returns the plan for order (every package below roots without
// types, imports first): the roots, and what the declarations of each
// package checked from source name; a package the type cache holds
// (cached) is read whole from it.
func (c *checker) needs(roots, order []*packages.Package, cached map[*packages.Package]bool) *plan {
	pl := &plan{need: map[*packages.Package]bool{}, files: map[*packages.Package][]*ast.File{}}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		pl.mu.Lock()
		seen := pl.need[p]
		pl.need[p] = true
		pl.mu.Unlock()
		if seen || p.Types != nil || cached[p] {
			return
		}
		pl.wg.Go(func() {
			files := c.parse(p)
			pl.mu.Lock()
			pl.files[p] = files
			pl.mu.Unlock()
			for _, imp := range referenced(p, files) {
				visit(imp)
			}
		})
	}
	for _, r := range roots {
		visit(r)
	}
	pl.wg.Wait()
	pl.below = map[*packages.Package]bool{}
	for _, p := range order {
		_, b := pl.files[p]
		for _, imp := range p.Imports {
			b = b || pl.below[imp]
		}
		pl.below[p] = b
	}
	return pl
}

// parsed returns the files needs parsed for p, if it did.
func (pl *plan) parsed(p *packages.Package) ([]*ast.File, bool) {
	if pl == nil {
		return nil, false
	}
	files, ok := pl.files[p]
	return files, ok
}

// wait blocks until every package below p that is checked from source
// has its types.
func (pl *plan) wait(p *packages.Package, done map[*packages.Package]chan struct{}) {
	seen := map[*packages.Package]bool{}
	var walk func(q *packages.Package)
	walk = func(q *packages.Package) {
		for _, imp := range q.Imports {
			if seen[imp] || !pl.below[imp] {
				continue
			}
			seen[imp] = true
			if _, ok := pl.files[imp]; ok {
				<-done[imp]
			}
			walk(imp)
		}
	}
	walk(p)
}

// referenced returns the imports of p that its files' declarations name:
// an import whose name appears as an identifier, or any dot import.
func referenced(p *packages.Package, files []*ast.File) []*packages.Package {
	var out []*packages.Package
	taken := map[*packages.Package]bool{}
	for _, f := range files {
		names := map[string]*packages.Package{}
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			imp := p.Imports[path]
			if err != nil || imp == nil || taken[imp] {
				continue
			}
			switch name := importName(spec, imp); name {
			case "_":
			case ".":
				taken[imp] = true
				out = append(out, imp)
			default:
				names[name] = imp
			}
		}
		if len(names) == 0 {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec:
				return false
			case *ast.Ident:
				if imp := names[n.Name]; imp != nil && !taken[imp] {
					taken[imp] = true
					out = append(out, imp)
				}
			}
			return true
		})
	}
	return out
}

func importName(spec *ast.ImportSpec, imp *packages.Package) string {
	if spec.Name != nil {
		return spec.Name.Name
	}
	return imp.Name
}

// stand-in is the package a check gets for an import no declaration names:
// empty, and complete, so that only "imported and not used" is said of it.
func standIn(p *packages.Package) *types.Package {
	pkg := types.NewPackage(p.PkgPath, p.Name)
	pkg.MarkComplete()
	return pkg
}

package engine

import (
	"maps"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/cache"
	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/model"
)

// links asks every generator for its links over the model it sees, and
// reports false if one of them is not local. Each package's links come
// sorted, once each, without the package itself.
func links(opts Options, m *model.Model, gens []*Generator) (map[string][]string, bool) {
	out := map[string][]string{}
	for _, g := range gens {
		if g.Links == nil {
			return nil, false
		}
		linked, ok := g.Links(modelFor(opts, m, g))
		if !ok {
			return nil, false
		}
		for p, to := range linked {
			out[p] = append(out[p], to...)
		}
	}
	for p, to := range out {
		slices.Sort(to)
		out[p] = slices.Compact(slices.DeleteFunc(to, func(q string) bool { return q == p }))
	}
	return out, true
}

func allLocal(gens []*Generator) bool {
	return !slices.ContainsFunc(gens, func(g *Generator) bool { return g.Links == nil })
}

// readGraph returns, for each target of res by directory, the directories
// of the packages of local modules it reads: through imports and links.
func readGraph(res *load.Result, linked map[string][]string) map[string]cache.Package {
	adj := map[string][]string{} // links, both ways
	for p, to := range linked {
		for _, t := range to {
			adj[p] = append(adj[p], t)
			adj[t] = append(adj[t], p)
		}
	}
	out := map[string]cache.Package{}
	for _, t := range res.Targets {
		var pkg cache.Package
		seen := map[string]bool{t.PkgPath: true}
		var visit func(p *packages.Package)
		visit = func(p *packages.Package) {
			next := slices.Collect(maps.Values(p.Imports))
			for _, l := range adj[p.PkgPath] {
				if lp := res.ByPath[l]; lp != nil {
					next = append(next, lp)
				}
			}
			for _, n := range next {
				if seen[n.PkgPath] {
					continue
				}
				seen[n.PkgPath] = true
				if _, ok := localModule(n); ok {
					pkg.Reads = append(pkg.Reads, load.Dir(n))
				}
				visit(n)
			}
		}
		visit(t)
		for _, l := range linked[t.PkgPath] {
			if lp := res.ByPath[l]; lp != nil {
				pkg.Links = append(pkg.Links, load.Dir(lp))
			}
		}
		slices.Sort(pkg.Reads)
		slices.Sort(pkg.Links)
		out[load.Dir(t)] = pkg
	}
	return out
}

// generatePart follows the plan of opts.Record, if it has one: it loads the
// affected packages and those they read, and returns the output for the
// affected ones only. It reports false, the plan dropped, when the run
// must do everything: a generator is not local, or the change reaches
// further than the remembered run said (a new import, a new link).
func generatePart(opts Options, gens []*Generator) (Output, *diag.List, bool) {
	rec := opts.Record
	plan := rec.Plan()
	if plan == nil {
		return Output{}, nil, false
	}
	if !allLocal(gens) {
		rec.Unplan("a generator is not local")
		return Output{}, nil, false
	}
	part := opts
	part.Patterns = plan.Load
	res, m, _, diags := loadModel(part, gens, true)
	if m == nil {
		rec.Unplan("the partial load failed")
		return Output{}, nil, false
	}
	linked, ok := links(part, m, gens)
	if !ok {
		rec.Unplan("a generator is not local over the partial load")
		return Output{}, nil, false
	}
	graph := readGraph(res, linked)
	if why := outgrown(plan, graph); why != "" {
		rec.Unplan(why)
		return Output{}, nil, false
	}
	affected := map[string]bool{}
	for _, d := range plan.Affected {
		affected[filepath.Clean(d)] = true
	}
	loaded := map[string]bool{}
	for _, p := range res.ByPath {
		loaded[load.Dir(p)] = true
	}
	// Generators make the affected packages' files only; the packages
	// they read are loaded, as targets, but their files stay.
	out, ok := GenerateModel(part, m.Only(affected), gens, diags).part(affected, loaded)
	if !ok {
		rec.Unplan("a generator writes outside the packages")
		return Output{}, nil, false
	}
	rec.SetLocal(true)
	for dir, pkg := range graph {
		rec.Package(dir, pkg)
	}
	rec.Narrow()
	return out, diags, true
}

// outgrown names a way in which the partial load does not cover what the
// affected packages now read, or is "".
func outgrown(plan *cache.Plan, graph map[string]cache.Package) string {
	for _, d := range plan.Load {
		if _, ok := graph[d]; !ok {
			return d + " was not loaded as a target"
		}
	}
	for _, a := range plan.Affected {
		for _, r := range graph[a].Reads {
			if _, ok := graph[r]; !ok && plan.Known(r) {
				return a + " now reads " + r
			}
		}
		if !slices.Equal(graph[a].Links, plan.Links(a)) {
			return a + " has other links"
		}
	}
	return ""
}

// part returns the part of o in the directories keep, dropping what lies
// in the directories drop; it reports false if something lies in neither.
func (o Output) part(keep, drop map[string]bool) (Output, bool) {
	ok := true
	in := func(dir string) bool {
		dir = filepath.Clean(dir)
		if !keep[dir] && !drop[dir] {
			ok = false
		}
		return keep[dir]
	}
	file := func(p string) bool { return in(filepath.Dir(p)) }
	out := Output{PackageFiles: o.PackageFiles, NoPrune: o.NoPrune, only: keep, run: o.run}
	for _, f := range o.Files {
		if file(f.Path) {
			out.Files = append(out.Files, f)
		}
	}
	keepPaths := func(ps []string) []string {
		var kept []string
		for _, p := range ps {
			if file(p) {
				kept = append(kept, p)
			}
		}
		return kept
	}
	out.Owned, out.Remove, out.prunable = keepPaths(o.Owned), keepPaths(o.Remove), keepPaths(o.prunable)
	for _, r := range o.Roots {
		if in(r) {
			out.Roots = append(out.Roots, r)
		}
	}
	return out, ok
}

// inPart keeps, of paths, those in the directories of a partial run's
// output (all of them when the run was whole).
func (o Output) inPart(paths []string) []string {
	if o.only == nil {
		return paths
	}
	return slices.DeleteFunc(paths, func(p string) bool { return !o.only[filepath.Dir(p)] })
}

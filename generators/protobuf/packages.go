package protobuf

import (
	"fmt"
	"go/token"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// entry is one item of --packages or --apimachinery-packages:
// [+|-]import/path[=proto.package].
type entry struct {
	path     string
	proto    string // the proto package
	allTypes bool   // false with "+": only types marked +protobuf=true
	write    bool   // false with "-": read, never written
	flag     string // the flag that named it, for errors
}

// parseEntry reads one entry as upstream does. The default proto package
// is made from the whole text after the prefix, "=" and all, and replaced
// when there is a "=".
func parseEntry(s, flag string) (entry, error) {
	e := entry{allTypes: true, write: true, flag: flag}
	switch {
	case strings.HasPrefix(s, "+"):
		s, e.allTypes = s[1:], false
	case strings.HasPrefix(s, "-"):
		s, e.write = s[1:], false
	}
	e.proto = protoPackageOf(s)
	if p, name, ok := strings.Cut(s, "="); ok {
		s, e.proto = p, name
	}
	e.path = s
	if e.path == "" || e.proto == "" {
		return entry{}, fmt.Errorf("%s: %q is not [+|-]import/path[=proto.package]", flag, s)
	}
	return e, nil
}

// protoPackageOf is the default proto package of an import path.
func protoPackageOf(importPath string) string {
	return strings.ReplaceAll(strings.ReplaceAll(importPath, "/", "."), "-", "_")
}

// configured parses the configured entries, apimachinery's first.
func (g *Generator) configured() ([]entry, []error) {
	var out []entry
	var errs []error
	for _, list := range []struct {
		flag    string
		entries []string
	}{{"--apimachinery-packages", g.APIMachineryPackages}, {"--packages", g.Packages}} {
		for _, s := range list.entries {
			e, err := parseEntry(s, list.flag)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			out = append(out, e)
		}
	}
	return out, errs
}

// entries maps each package to its entry. A later entry for the same path
// replaces an earlier one, as upstream keeps the last modifiers it reads.
// Without Packages, the run's packages are entries too.
func (g *Generator) entries(m *model.Model, diags *diag.List) map[string]entry {
	list, errs := g.configured()
	for _, err := range errs {
		diags.Errorf(token.Position{}, "%v", err)
	}
	if len(g.Packages) == 0 {
		for _, p := range m.Packages {
			list = append(list, entry{path: p.Path, proto: protoPackageOf(p.Path), allTypes: true, write: true})
		}
	}
	out := map[string]entry{}
	for _, e := range list {
		out[e.path] = e
	}
	return out
}

// Needs asks for every configured package, so that the apimachinery
// packages join the one load when the patterns do not name them.
func (g *Generator) Needs(map[string]markers.Set) []load.Extra {
	list, _ := g.configured()
	var extra []load.Extra
	for _, e := range list {
		extra = append(extra, load.Extra{Path: e.path, Why: e.flag})
	}
	return extra
}

// pkg is a Go package that go-to-protobuf reads, with its entry.
type pkg struct {
	entry
	*model.Package
	importPath string // of its generated.proto
}

// packages finds the entries' packages in the model, in the order upstream
// processes them: importees first.
func packages(m *model.Model, entries map[string]entry, diags *diag.List) []*pkg {
	var out []*pkg
	for _, p := range slices.Sorted(maps.Keys(entries)) {
		mp := m.Package(p)
		if mp == nil {
			diags.Errorf(token.Position{}, "%s names package %s, which was not loaded", entries[p].flag, p)
			continue
		}
		out = append(out, &pkg{entry: entries[p], Package: mp, importPath: p + "/generated.proto"})
	}
	order(m, out)
	return out
}

// order sorts pkgs so that every package comes after the packages it
// imports. Like upstream, it sorts with the import graph's topological
// order as keys, and a package that the graph leaves out (no imports and
// imported by none) gets the first position.
func order(m *model.Model, pkgs []*pkg) {
	pos := map[string]int{}
	for i, p := range topological(importGraph(m, pkgs)) {
		pos[p] = i
	}
	sort.Sort(byPosition{pos, pkgs})
}

type byPosition struct {
	pos  map[string]int
	pkgs []*pkg
}

func (o byPosition) Len() int           { return len(o.pkgs) }
func (o byPosition) Less(i, j int) bool { return o.pos[o.pkgs[i].Path] < o.pos[o.pkgs[j].Path] }
func (o byPosition) Swap(i, j int)      { o.pkgs[i], o.pkgs[j] = o.pkgs[j], o.pkgs[i] }

// importGraph maps each package to the packages it imports.
func importGraph(m *model.Model, pkgs []*pkg) map[string][]string {
	graph := map[string][]string{}
	for _, p := range pkgs {
		for _, imp := range slices.Sorted(maps.Keys(m.Universe[p.Path].Imports)) {
			graph[p.Path] = append(graph[p.Path], imp)
		}
	}
	return graph
}

// topological lists the graph's nodes importees first, as upstream does:
// first every node that imports nothing, in name order; then, each time a
// node is placed, the nodes that it was the last import of, in name order.
func topological(imports map[string][]string) []string {
	waiting := map[string]map[string]bool{} // node → its imports not yet placed
	for n, imps := range imports {
		for _, x := range append([]string{n}, imps...) {
			if waiting[x] == nil {
				waiting[x] = map[string]bool{}
			}
		}
		for _, imp := range imps {
			waiting[n][imp] = true
		}
	}
	sorted := ready(waiting)
	for i := 0; i < len(sorted); i++ {
		for _, left := range waiting {
			delete(left, sorted[i])
		}
		sorted = append(sorted, ready(waiting)...)
	}
	return sorted
}

// ready removes the nodes that wait for nothing and returns them sorted.
func ready(waiting map[string]map[string]bool) []string {
	var out []string
	for n, left := range waiting {
		if len(left) == 0 {
			out = append(out, n)
			delete(waiting, n)
		}
	}
	slices.Sort(out)
	return out
}

// Selects, where a run gives each generator its own packages (apigen
// generate), the packages of the main module marked
// +k8s:protobuf-gen=package, as Kubernetes' update-codegen.sh greps for
// them. They are the entries when Packages is empty.
func (g *Generator) Selects(p *model.Package) bool {
	return p.Local() && p.Tagged("k8s:protobuf-gen=package")
}

package featuregate

import (
	"cmp"
	"go/token"
	gotypes "go/types"
	"reflect"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// site is one gated thing: a field of a struct, or a value (constant) of
// an enum type. Its index is its entry in the generated arrays.
type site struct {
	index int
	gates []string
	owner *types.Type // the struct declaring the field, or the enum type
	field int         // the field's member index
	value *types.Type // the constant, for a value
	pos   token.Position
}

func (s *site) String() string {
	if s.value != nil {
		return s.value.Name.Package + "." + s.value.Name.Name
	}
	return s.owner.Name.Package + "." + s.owner.Name.Name + "." + s.owner.Members[s.field].Name
}

// analysis finds the gated fields and values that a package's types
// reach. Only packages the model read show their markers: a gated field
// of a package known only as a dependency is not seen.
type analysis struct {
	m     *model.Model
	diags *diag.List

	fields  map[*types.Type][]*site // per struct, its gated fields
	values  map[*types.Type][]*site // per enum type, its gated values
	scanned map[*types.Type]bool
	sites   []*site // numbered, in the order the file lists them
	// dropReach and markReach hold the structs below which a gated field,
	// or a gated field or value, lies.
	dropReach, markReach map[*types.Type]bool
	imports              map[string]string // path to package name
}

func newAnalysis(m *model.Model, diags *diag.List) *analysis {
	return &analysis{
		m: m, diags: diags.In(diag.FeatureGate),
		fields: map[*types.Type][]*site{}, values: map[*types.Type][]*site{},
		scanned: map[*types.Type]bool{}, imports: map[string]string{},
	}
}

// gatesOf returns the gates the markers of one place name, and where the
// first of them stands.
func gatesOf(set markers.Set) ([]string, token.Position) {
	var gates []string
	var pos token.Position
	for _, mk := range set {
		v, ok := markers.FeatureGate.Of(mk)
		if !ok {
			v, ok = markers.K8sFeatureGate.Of(mk)
		}
		if !ok {
			continue
		}
		if len(gates) == 0 {
			pos = mk.Pos
		}
		gates = append(gates, v...)
	}
	slices.Sort(gates)
	return slices.Compact(gates), pos
}

// checkPackage reads the gated fields and values a package declares, so
// that each is checked even where no type reaches it.
func (a *analysis) checkPackage(p *model.Package) {
	for _, t := range sortedTypes(p.Types) {
		if t.Kind == types.Struct {
			a.scan(t)
		}
	}
	for _, c := range sortedTypes(p.Constants) {
		if gates, pos := gatesOf(a.m.ConstMarkers(c)); len(gates) > 0 {
			if enum := c.Underlying; enum == nil || enum.Kind != types.Alias {
				a.diags.Errorf(pos, "+%s on constant %s: a gated value belongs to an enum type, but %s has no named type of its own", gateMarker, c.Name.Name, c.Name.Name)
			} else {
				a.valuesOf(enum)
			}
		}
	}
}

// valuesOf returns the gated values of a named non-struct type, reading
// them once. A package the model read gives its constants' markers, as
// parsed and checked; a dependency's are parsed here, quietly, as they are
// not this run's to judge.
func (a *analysis) valuesOf(enum *types.Type) []*site {
	if enum == nil {
		return nil
	}
	if vals, ok := a.values[enum]; ok {
		return vals
	}
	var vals []*site
	add := func(c *types.Type, gates []string, pos token.Position) {
		if len(gates) > 0 {
			vals = append(vals, &site{gates: gates, owner: enum, value: c, pos: pos})
		}
	}
	if p := a.m.Package(enum.Name.Package); p != nil {
		for _, c := range sortedTypes(p.Constants) {
			if c.Underlying == enum {
				gates, pos := gatesOf(a.m.ConstMarkers(c))
				add(c, gates, pos)
			}
		}
	} else if named, ok := enum.GoType.(*gotypes.Named); ok && named.Obj().Pkg() != nil {
		scope := named.Obj().Pkg().Scope()
		for _, name := range scope.Names() {
			if obj, ok := scope.Lookup(name).(*gotypes.Const); ok && gotypes.Identical(obj.Type(), named) {
				c := &types.Type{Name: types.Name{Package: enum.Name.Package, Name: name}, Kind: types.DeclarationOf}
				gates, pos := gatesOf(quietParse(a.m.DocLines(obj.Pos()), markers.Const))
				add(c, gates, pos)
			}
		}
	}
	a.values[enum] = vals
	return vals
}

// fieldMarkers returns the markers of field i of struct t, parsing those of
// a dependency's struct quietly.
func (a *analysis) fieldMarkers(t *types.Type, i int) markers.Set {
	if a.m.Package(t.Name.Package) != nil {
		return a.m.FieldMarkers(t, i)
	}
	return quietParse(t.Members[i].CommentLines, markers.Field)
}

// quietRegistry reads the gate markers of dependencies.
var quietRegistry = func() *markers.Registry {
	reg := &markers.Registry{}
	reg.Define(definitions[1:]...)
	return reg
}()

func quietParse(lines []string, at markers.Place) markers.Set {
	ls := make([]markers.Line, len(lines))
	for i, l := range lines {
		ls[i] = markers.Line{Text: l}
	}
	return quietRegistry.Parse(ls, at, &diag.List{})
}

// scan reads the gated fields of struct t.
func (a *analysis) scan(t *types.Type) {
	if a.scanned[t] {
		return
	}
	a.scanned[t] = true
	for i, mem := range t.Members {
		gates, pos := gatesOf(a.fieldMarkers(t, i))
		if len(gates) == 0 {
			continue
		}
		if !token.IsExported(mem.Name) {
			a.diags.Errorf(pos, "+%s on field %s.%s: a gated field must be exported", gateMarker, t.Name.Name, mem.Name)
			continue
		}
		if !clearable(mem) {
			a.diags.Errorf(pos, "+%s on field %s.%s: it is neither a pointer, slice or map nor omitempty, so clearing it would write its zero value into JSON instead of leaving it out; make it a pointer, or add omitempty",
				gateMarker, t.Name.Name, mem.Name)
			continue
		}
		a.fields[t] = append(a.fields[t], &site{gates: gates, owner: t, field: i, pos: pos})
	}
}

// clearable reports whether clearing a field leaves its JSON as if it
// were never set: it is nil when cleared, or omitted when empty.
func clearable(mem types.Member) bool {
	switch shape(mem.Type).Kind {
	case types.Pointer, types.Slice, types.Map, types.Interface:
		return true
	}
	name, opts, _ := strings.Cut(reflect.StructTag(mem.Tags).Get("json"), ",")
	return name == "-" || slices.ContainsFunc(strings.Split(opts, ","), func(o string) bool { return o == "omitempty" || o == "omitzero" })
}

// checkKnown reports every gate that is not a known one.
func (a *analysis) checkKnown(known []string) {
	if known == nil {
		return
	}
	var all []*site
	for _, ss := range a.fields {
		all = append(all, ss...)
	}
	for _, ss := range a.values {
		all = append(all, ss...)
	}
	for _, s := range all {
		for _, g := range s.gates {
			if _, found := slices.BinarySearch(known, g); !found {
				a.diags.Errorf(s.pos, "unknown feature gate %q%s", g, markers.Suggest(g, known))
			}
		}
	}
}

// roots returns the exported, non-generic structs of p that reach a gated
// field or value, sorted by name, after finding everything they reach and
// numbering the sites.
func (a *analysis) roots(p *model.Package) []*types.Type {
	var local []*types.Type
	for _, t := range sortedTypes(p.Types) {
		if t.Kind == types.Struct && token.IsExported(t.Name.Name) && walkable(a.m, t) {
			local = append(local, t)
		}
	}
	structs := a.reachable(local)
	a.fixpoint(structs)
	a.number(structs)
	var out []*types.Type
	for _, t := range local {
		if a.markReach[t] {
			out = append(out, t)
		}
	}
	return out
}

// reachable returns every struct below roots, roots included, and scans
// each.
func (a *analysis) reachable(roots []*types.Type) []*types.Type {
	seen := map[*types.Type]bool{}
	var out []*types.Type
	var visit func(t *types.Type)
	visit = func(t *types.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		out = append(out, t)
		a.scan(t)
		for _, mem := range t.Members {
			if s := structBelow(a.m, mem.Type); s != nil {
				visit(s)
			}
		}
	}
	for _, t := range roots {
		visit(t)
	}
	return out
}

// fixpoint finds which structs reach gated fields, and which reach gated
// fields or values. Types may be recursive: each struct that holds a site
// itself marks every struct above it, through exported fields, once, so
// the work is linear in the size of the type graph.
func (a *analysis) fixpoint(structs []*types.Type) {
	parents := map[*types.Type][]*types.Type{}
	var dropSeeds, markSeeds []*types.Type
	for _, t := range structs {
		drop, mark := len(a.fields[t]) > 0, len(a.fields[t]) > 0
		for _, mem := range t.Members {
			if !token.IsExported(mem.Name) {
				continue
			}
			if s := structBelow(a.m, mem.Type); s != nil {
				parents[s] = append(parents[s], t)
			}
			mark = mark || len(a.valuesOf(enumBelow(mem.Type))) > 0
		}
		if drop {
			dropSeeds = append(dropSeeds, t)
		}
		if mark {
			markSeeds = append(markSeeds, t)
		}
	}
	a.dropReach = upward(dropSeeds, parents)
	a.markReach = upward(append(markSeeds, dropSeeds...), parents)
}

// upward returns seeds and every struct above them.
func upward(seeds []*types.Type, parents map[*types.Type][]*types.Type) map[*types.Type]bool {
	reached := map[*types.Type]bool{}
	for work := seeds; len(work) > 0; {
		t := work[len(work)-1]
		work = work[:len(work)-1]
		if reached[t] {
			continue
		}
		reached[t] = true
		work = append(work, parents[t]...)
	}
	return reached
}

// number gives each site that a reaching struct holds or reads its index:
// fields in struct order, then the values of each enum.
func (a *analysis) number(structs []*types.Type) {
	slices.SortFunc(structs, byName)
	enums := map[*types.Type]bool{}
	for _, t := range structs {
		if !a.markReach[t] {
			continue
		}
		a.sites = append(a.sites, a.fields[t]...)
		for _, mem := range t.Members {
			if e := enumBelow(mem.Type); len(a.valuesOf(e)) > 0 && token.IsExported(mem.Name) {
				enums[e] = true
			}
		}
	}
	for _, e := range slices.SortedFunc(func(yield func(*types.Type) bool) {
		for e := range enums {
			if !yield(e) {
				return
			}
		}
	}, byName) {
		vals := slices.Clone(a.values[e])
		slices.SortFunc(vals, func(x, y *site) int { return cmp.Compare(x.value.Name.Name, y.value.Name.Name) })
		a.sites = append(a.sites, vals...)
	}
	for i, s := range a.sites {
		s.index = i
	}
}

// importNames returns the import paths the file may name, with their
// package names as the type checker knows them: a dependency's name does
// not depend on whether another generator of the run read it.
func (a *analysis) importNames() [][2]string {
	names := map[string]string{}
	note := func(t *types.Type) {
		if named, ok := t.GoType.(*gotypes.Named); ok && named.Obj().Pkg() != nil {
			names[named.Obj().Pkg().Path()] = named.Obj().Pkg().Name()
		}
	}
	for _, s := range a.sites {
		note(s.owner)
	}
	for t := range a.markReach {
		note(t)
	}
	var out [][2]string
	for p, n := range names {
		out = append(out, [2]string{p, n})
	}
	slices.SortFunc(out, func(x, y [2]string) int { return strings.Compare(x[0], y[0]) })
	return out
}

func byName(x, y *types.Type) int {
	return cmp.Or(strings.Compare(x.Name.Package, y.Name.Package), strings.Compare(x.Name.Name, y.Name.Name))
}

func sortedTypes(m map[string]*types.Type) []*types.Type {
	out := make([]*types.Type, 0, len(m))
	for _, t := range m {
		out = append(out, t)
	}
	slices.SortFunc(out, byName)
	return out
}

package gen

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"go/format"
	"maps"
	"slices"
	"strings"
)

// Conversion is conversion-gen's vocabulary: an API group laid out as
// Kubernetes lays one out, an internal package (the hub) and versioned
// packages tagged +k8s:conversion-gen=<internal>, whose types mirror the
// hub's with variations: renamed fields and fields in one version only
// (with hand-written Convert_ functions, or now and then without, which
// upstream writes broken code for), wider and pointer types in the hub,
// +k8s:conversion-gen=false on fields and types, +k8s:conversion-fn=drop.
var Conversion = &Dialect{
	Name:  "conversion",
	Build: buildConversion,
	Mutations: []Mutator{
		Misspelt("k8s:conversion-gen"),
		BadValue("k8s:conversion-gen"),
		FieldInOneVersion(),
	},
}

const conversionTag = "+k8s:conversion-gen"

// hub is an API group laid out as Kubernetes lays one out: an internal
// package, the hub, and versioned packages that mirror its types.
type hub struct {
	internal *Package
	versions []*Package
}

// groupNames are the internal packages' names.
var groupNames = []string{"fleet", "storage", "network", "compute"}

// buildHub lays out a group: a shared package now and then, the internal
// package with kinds and structs, and one or two versions mirroring it,
// each with a register.go and runtime.Object methods for its kinds.
func (g *G) buildHub() *hub {
	g.Shapes = Shapes{Floats: g.Chance(0.1), NonStringKeys: true, Arrays: g.Chance(0.1), Aliases: g.Chance(0.2),
		Embedded: true, Recursive: g.Chance(0.2), PointerElems: true, CoreV1: g.Chance(0.1)}
	group := g.API.Root + ".fuzz.example"
	if g.Chance(0.3) {
		p := g.Package(Shared)
		p.Doc = []string{"Package shared holds types every version uses."}
		for range 1 + g.R.Intn(2) {
			g.Struct(p, g.Name(""), 1+g.R.Intn(3), 1)
		}
	}
	name := Pick(g, groupNames...)
	in := g.Package(name)
	in.Path, in.Group = name, group
	in.Doc = []string{fmt.Sprintf("Package %s is the internal version of the API.", name), "", "+groupName=" + group}
	for range 1 + g.R.Intn(3) {
		g.hubKind(in, g.Name(Pick(g, kindNames...)), 1+g.R.Intn(4))
	}
	for range g.R.Intn(3) {
		g.Struct(in, g.Name(""), 1+g.R.Intn(4), 2)
	}
	h := &hub{internal: in}
	for _, v := range []string{"v1", "v1beta1"}[:1+g.R.Intn(2)] {
		h.versions = append(h.versions, g.mirror(in, v))
	}
	return h
}

// hubKind adds a kind and its list: TypeMeta, ObjectMeta (or ListMeta)
// and the generated fields.
func (g *G) hubKind(p *Package, name string, fields int) *Type {
	t := g.Struct(p, name, fields, 2)
	t.Root = true
	t.Fields = append([]*Field{{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`}, g.meta("ObjectMeta")}, t.Fields...)
	g.AddType(p, &Type{Name: name + "List", Kind: Struct, Root: true, Doc: []string{name + "List is a list."},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`},
			g.meta("ListMeta"),
			{Name: "Items", Type: SliceOf(g.Ref(p, t)), Tag: `json:"items"`},
		}})
	return t
}

// mirror adds version v of the internal package in: the same types and
// constants, referring to v's own types, with register.go and object.go.
func (g *G) mirror(in *Package, v string) *Package {
	p := g.Package(v)
	p.Path, p.Group = in.Name+"/"+v, in.Group
	from, to := g.API.ImportPath(in), g.API.ImportPath(p)
	p.Doc = []string{fmt.Sprintf("Package %s is version %s of the API.", v, v), "",
		conversionTag + "=" + from, "+k8s:defaulter-gen=TypeMeta", "+groupName=" + in.Group}
	for _, t := range in.Types {
		c := cloneOf(t)
		for _, f := range c.Fields {
			repackage(f.Type, from, to)
		}
		if c.Of != nil {
			repackage(c.Of, from, to)
		}
		p.Types = append(p.Types, c)
	}
	for _, c := range in.Consts {
		cc := *c
		p.Consts = append(p.Consts, &cc)
	}
	p.Extra = map[string]string{"register.go": registerGo(p), "object.go": objectGo(p)}
	return p
}

func cloneOf[T any](x *T) *T {
	b, err := json.Marshal(x)
	if err != nil {
		panic(err)
	}
	var c T
	if err := json.Unmarshal(b, &c); err != nil {
		panic(err)
	}
	return &c
}

// repackage makes e's references to package from refer to package to.
func repackage(e *Expr, from, to string) {
	if e == nil {
		return
	}
	if e.Pkg == from {
		e.Pkg = to
	}
	repackage(e.Elem, from, to)
	repackage(e.Key, from, to)
}

// registerGo declares what generated registration code refers to.
func registerGo(p *Package) string {
	return fmt.Sprintf(`package %s

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupName is the group of this package's kinds.
const GroupName = %q

// SchemeGroupVersion is the group and version of this package's kinds.
var SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: %q}

var (
	// SchemeBuilder collects the functions that add this version to a scheme.
	SchemeBuilder      runtime.SchemeBuilder
	localSchemeBuilder = &SchemeBuilder
	// AddToScheme adds this version to a scheme.
	AddToScheme = localSchemeBuilder.AddToScheme
)
`, p.Name, p.Group, p.Name)
}

// objectGo makes p's structs with TypeMeta runtime.Objects, as generated deep copies
// would; the tests run no deepcopy-gen.
func objectGo(p *Package) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport \"k8s.io/apimachinery/pkg/runtime\"\n", p.Name)
	for _, t := range p.Types {
		if hasTypeMeta(t) {
			fmt.Fprintf(&b, "\n// DeepCopyObject copies in shallowly.\nfunc (in *%s) DeepCopyObject() runtime.Object {\n\tout := *in\n\treturn &out\n}\n", t.Name)
		}
	}
	return b.String()
}

func hasTypeMeta(t *Type) bool {
	return slices.ContainsFunc(t.Fields, func(f *Field) bool {
		return f.Name == "" && f.Type.Kind == Ident && f.Type.Pkg == MetaV1 && f.Type.Name == "TypeMeta"
	})
}

// convFunc is a hand-written conversion function of one type, one way.
type convFunc struct {
	lines []string // statements after the call to the generated autoConvert
	drop  bool     // marked +k8s:conversion-fn=drop
}

// conversions are a version's hand-written conversion functions, by
// "<type>\x00<direction>" (direction "to" the hub or "from" it).
type conversions map[string]*convFunc

func (cs conversions) fn(t, dir string) *convFunc {
	k := t + "\x00" + dir
	if cs[k] == nil {
		cs[k] = &convFunc{}
	}
	return cs[k]
}

func buildConversion(g *G) {
	h := g.buildHub()
	all := map[*Package]conversions{}
	for _, p := range h.versions {
		all[p] = conversions{}
	}
	g.varyHub(h, all)
	for _, p := range h.versions {
		g.varyVersion(h, p, all[p])
	}
	for _, p := range h.versions {
		if g.Chance(0.2) {
			g.excludedType(h, p)
		}
		if src := conversionGo(g, h, p, all[p]); src != "" {
			p.Extra["conversion.go"] = src
		}
	}
}

// plainField says whether f may be renamed or dropped by hand-written
// code: a named field whose type refers to no type of the group's
// packages, so that an assignment converts it.
func plainField(h *hub, f *Field) bool {
	if f.Name == "" || f.Name == "Items" || f.Name == "ObjectMeta" || f.Name == "ListMeta" {
		return false
	}
	return !refersTo(f.Type, h)
}

// sameInHub says whether the hub's type of t's name has field f with
// the same type.
func sameInHub(h *hub, t *Type, f *Field) bool {
	for _, ht := range h.internal.Types {
		if ht.Name != t.Name {
			continue
		}
		for _, hf := range ht.Fields {
			if hf.Name == f.Name {
				return hf.Type.String() == f.Type.String()
			}
		}
	}
	return false
}

func refersTo(e *Expr, h *hub) bool {
	if e == nil {
		return false
	}
	if e.Pkg != "" && strings.HasPrefix(e.Pkg, Module+"/") && !strings.HasSuffix(e.Pkg, "/"+Shared) {
		return true
	}
	return refersTo(e.Elem, h) || refersTo(e.Key, h)
}

// varyVersion changes version p's structs: renamed fields, fields only p
// has, fields opted out of conversion.
func (g *G) varyVersion(h *hub, p *Package, cs conversions) {
	for _, t := range p.Types {
		if t.Kind != Struct {
			continue
		}
		for _, f := range t.Fields {
			if !plainField(h, f) || !sameInHub(h, t, f) {
				continue
			}
			switch k := g.R.Float64(); {
			case k < 0.05:
				old := f.Name
				f.Name = g.Name("")
				f.Tag = fmt.Sprintf(`json:"%s,omitempty"`, JSONName(f.Name))
				f.Doc = []string{f.Name + " is " + old + " in the internal version."}
				to, from := cs.fn(t.Name, "to"), cs.fn(t.Name, "from")
				to.lines = append(to.lines, fmt.Sprintf("out.%s = in.%s", old, f.Name))
				from.lines = append(from.lines, fmt.Sprintf("out.%s = in.%s", f.Name, old))
			case k < 0.07:
				f.Doc = append(f.Doc, conversionTag+"=false")
				t.Lossy = true
			}
		}
		if g.Chance(0.04) {
			name := g.Name("Only")
			t.Fields = append(t.Fields, &Field{Name: name, Type: g.scalar(), Tag: fmt.Sprintf(`json:"%s,omitempty"`, JSONName(name)),
				Doc: []string{name + " is in version " + p.Name + " only."}})
			cs.fn(t.Name, "to")
			t.Lossy = true
		}
	}
	g.dropOne(h, p, cs)
}

// dropOne, now and then, marks the conversion of one struct type of p to
// the hub +k8s:conversion-fn=drop: the fields of that type are not
// converted, and their structs lose them.
func (g *G) dropOne(h *hub, p *Package, cs conversions) {
	if !g.Chance(0.08) {
		return
	}
	var cands []*Type
	for _, t := range p.Types {
		if t.Kind == Struct && !t.Root && !t.Excluded {
			cands = append(cands, t)
		}
	}
	if len(cands) == 0 {
		return
	}
	d := Pick(g, cands...)
	cs.fn(d.Name, "to").drop = true
	for _, t := range p.Types {
		for _, f := range t.Fields {
			if f.Type.Kind == Ident && f.Type.Pkg == g.API.ImportPath(p) && f.Type.Name == d.Name {
				t.Lossy = true
			}
		}
	}
}

// varyHub, before varyVersion, changes the internal package's structs for every version: wider
// integers, pointers where the versions have values, fields only the hub
// has (which every version converts by hand).
func (g *G) varyHub(h *hub, all map[*Package]conversions) {
	for _, t := range h.internal.Types {
		if t.Kind != Struct {
			continue
		}
		for _, f := range t.Fields {
			if f.Name == "" || f.Type.Kind != Ident || f.Type.Pkg != "" || !g.Chance(0.06) {
				continue
			}
			switch f.Type.Name {
			case "int32":
				f.Type = Builtin(Pick(g, "int64", "int"))
			case "int16":
				f.Type = Builtin("int32")
			case "string", "bool", "int64", "float64":
				f.Type = Ptr(f.Type)
			}
		}
		if g.Chance(0.05) {
			name := g.Name("HubOnly")
			t.Fields = append(t.Fields, &Field{Name: name, Type: g.scalar(), Tag: fmt.Sprintf(`json:"%s,omitempty"`, JSONName(name)),
				Doc: []string{name + " is in the internal version only."}})
			for _, cs := range all {
				cs.fn(t.Name, "from")
			}
		}
	}
}

// excludedType adds a struct to p and the hub that p opts out of
// conversion; nothing refers to it.
func (g *G) excludedType(h *hub, p *Package) {
	name := g.Name("Unconverted")
	if _, t := g.API.Lookup(Named(g.API.ImportPath(h.internal), name)); t == nil {
		g.AddType(h.internal, &Type{Name: name, Kind: Struct, Doc: []string{name + " is not converted."}, Excluded: true,
			Fields: []*Field{{Name: "Value", Type: Builtin("string"), Tag: `json:"value,omitempty"`}}})
	}
	g.AddType(p, &Type{Name: name, Kind: Struct, Doc: []string{name + " is not converted.", conversionTag + "=false"}, Excluded: true,
		Fields: []*Field{{Name: "Value", Type: Builtin("bool"), Tag: `json:"value,omitempty"`}}})
}

// conversionGo is p's conversion.go: its hand-written conversion
// functions, each calling the generated autoConvert first. Now and then
// one that is needed is left out, and upstream writes code that calls it.
func conversionGo(g *G, h *hub, p *Package, cs conversions) string {
	if len(cs) == 0 {
		return ""
	}
	var b strings.Builder
	hubName := h.internal.Name
	for _, k := range slices.Sorted(maps.Keys(cs)) {
		t, dir, _ := strings.Cut(k, "\x00")
		f := cs[k]
		if g.Chance(0.03) && !f.drop {
			continue // upstream writes a call to it all the same
		}
		inPkg, inType, outPkg, outType := p.Name, t, hubName, hubName+"."+t
		if dir == "from" {
			inPkg, inType, outPkg, outType = hubName, hubName+"."+t, p.Name, t
		}
		name := fmt.Sprintf("%s_%s_To_%s_%s", inPkg, t, outPkg, t)
		fmt.Fprintf(&b, "\n// Convert_%s converts by hand what the generated code cannot.\n", name)
		if f.drop {
			b.WriteString("// +k8s:conversion-fn=drop\n")
		}
		fmt.Fprintf(&b, "func Convert_%s(in *%s, out *%s, s conversion.Scope) error {\n", name, inType, outType)
		fmt.Fprintf(&b, "\tif err := autoConvert_%s(in, out, s); err != nil {\n\t\treturn err\n\t}\n", name)
		for _, l := range f.lines {
			b.WriteString("\t" + l + "\n")
		}
		b.WriteString("\treturn nil\n}\n")
	}
	if b.Len() == 0 {
		return ""
	}
	return fmt.Sprintf("package %s\n\nimport (\n\t%q\n\n\t%q\n)\n", p.Name, "k8s.io/apimachinery/pkg/conversion", g.API.ImportPath(h.internal)) + b.String()
}

// ConversionProps returns the files of a command, in PropsDir, that
// round-trips values of apis' versioned structs through the hub with a
// scheme that has the generated conversions: each struct that has a hub
// type and loses nothing on the way (see Lossy) is filled with random
// values (three times), converted to the hub and back, and must come back
// equal. Its output is one JSON object a line: seed, type, problem.
func ConversionProps(apis ...*API) (map[string][]byte, error) {
	var imports, subjects strings.Builder
	n := 0
	alias := func(a *API, p *Package) string {
		n++
		name := fmt.Sprintf("p%d", n)
		fmt.Fprintf(&imports, "%s %q\n", name, a.ImportPath(p))
		return name
	}
	for _, a := range apis {
		for _, p := range a.Packages {
			hub := hubOf(a, p)
			if hub == nil {
				continue
			}
			var pa, ha string
			for _, t := range p.Types {
				ht := typeNamed(hub, t.Name)
				if t.Kind != Struct || t.Excluded || ht == nil || ht.Kind != Struct || lossy(a, p, t, map[string]bool{}) {
					continue
				}
				if pa == "" {
					pa, ha = alias(a, p), alias(a, hub)
				}
				fmt.Fprintf(&subjects, "{seed: %d, name: %q, add: %s.AddToScheme, version: func() any { return new(%s.%s) }, hub: func() any { return new(%s.%s) }},\n",
					a.Seed, a.Dir(p)+"."+t.Name, pa, pa, t.Name, ha, t.Name)
			}
		}
	}
	src := fmt.Sprintf("package main\n\nimport (\n%s)\n\nvar subjects = []subject{\n%s}\n", imports.String(), subjects.String())
	out, err := format.Source([]byte(src))
	if err != nil {
		return nil, fmt.Errorf("conversion props: %v", err)
	}
	return map[string][]byte{PropsDir + "/check.go": convCheckGo, PropsDir + "/subjects.go": out}, nil
}

//go:embed template/convcheck.go.tmpl
var convCheckGo []byte

// hubOf is the package p's +k8s:conversion-gen names, if a declares it.
func hubOf(a *API, p *Package) *Package {
	for _, l := range p.Doc {
		if v, ok := strings.CutPrefix(l, conversionTag+"="); ok {
			if q := a.PackageAt(v); q != nil {
				return q
			}
		}
	}
	return nil
}

func typeNamed(p *Package, name string) *Type {
	for _, t := range p.Types {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// lossy says whether a round trip of t, of package p, may lose values:
// t or a type of p it holds is Lossy.
func lossy(a *API, p *Package, t *Type, seen map[string]bool) bool {
	if t == nil || seen[t.Name] {
		return false
	}
	seen[t.Name] = true
	if t.Lossy {
		return true
	}
	exprs := []*Expr{t.Of}
	for _, f := range t.Fields {
		exprs = append(exprs, f.Type)
	}
	for _, e := range exprs {
		for ; e != nil; e = e.Elem {
			if e.Key != nil && lossy(a, p, typeNamed(p, e.Key.Name), seen) {
				return true
			}
			if e.Kind == Ident && e.Pkg == a.ImportPath(p) && lossy(a, p, typeNamed(p, e.Name), seen) {
				return true
			}
		}
	}
	return false
}

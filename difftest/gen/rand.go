package gen

import (
	"fmt"
	"math/rand"
	"path"
	"strings"
)

// Shared is the name of the package whose types an API's other packages use.
const Shared = "shared"

// Dialect is one generator family's vocabulary: how its APIs are laid out
// and marked, and which near misses apply to them.
type Dialect struct {
	Name string
	// Build lays out g's API: packages, types and markers.
	Build func(g *G)
	// Mutations are the near misses that this family diagnoses.
	Mutations []Mutator
}

// Shapes says which field types a dialect's APIs may use.
type Shapes struct {
	Floats        bool // float32 and float64
	NonStringKeys bool // map keys other than strings
	Interfaces    bool // fields of the module's own interfaces
	Arrays        bool // arrays of scalars
	Aliases       bool // type aliases
	Embedded      bool // embedded structs that are not inlined
	RuntimeObject bool // fields of runtime.Object
	CoreV1        bool // types of k8s.io/api/core/v1
	Recursive     bool // types that hold themselves through a pointer or slice
	PointerElems  bool // slices of pointers to structs
	// Scalars, when set, are the builtin types fields draw from
	// (repeated for weight), instead of every kind.
	Scalars []string
}

// G builds one API from a seed.
type G struct {
	R      *rand.Rand
	API    *API
	Shapes Shapes
	// FieldMarkers, when set, marks a new field of a struct.
	FieldMarkers func(g *G, owner *Type, f *Field)
	// TypeMarkers, when set, marks a new named type once it is complete.
	TypeMarkers func(g *G, p *Package, t *Type)
	names       map[string]int
	// building holds the struct types whose fields are being made.
	building map[string]bool
	// interfaces are the module interfaces declared so far, with their package.
	interfaces []*Expr
}

// Generate returns the API of seed in dialect d, below directory root.
func Generate(d *Dialect, seed int64, root string) *API {
	g := &G{
		R:     rand.New(rand.NewSource(seed)),
		API:   &API{Seed: seed, Dialect: d.Name, Root: root},
		names: map[string]int{}, building: map[string]bool{},
	}
	d.Build(g)
	return g.API
}

// Chance is true with probability p.
func (g *G) Chance(p float64) bool { return g.R.Float64() < p }

// Pick returns one of options.
func Pick[T any](g *G, options ...T) T { return options[g.R.Intn(len(options))] }

var words = []string{
	"Alpha", "Bravo", "Cargo", "Delta", "Echo", "Field", "Gauge", "Harbor", "Index", "Jitter",
	"Kernel", "Lumen", "Metric", "Node", "Orbit", "Pulse", "Quota", "Relay", "Shard", "Token",
	"Unit", "Vector", "Weight", "Xenon", "Yield", "Zone",
}

// Name returns a new Go name, unique in the API, starting with prefix or
// with a random word.
func (g *G) Name(prefix string) string {
	if prefix == "" {
		prefix = Pick(g, words...)
	}
	g.names[prefix]++
	if n := g.names[prefix]; n > 1 {
		return fmt.Sprintf("%s%d", prefix, n)
	}
	return prefix
}

// JSONName is the JSON name of a Go field name: its first letter lowered.
func JSONName(goName string) string {
	return strings.ToLower(goName[:1]) + goName[1:]
}

// Package adds a package named name.
func (g *G) Package(name string) *Package {
	p := &Package{Name: name}
	g.API.Packages = append(g.API.Packages, p)
	return p
}

// Builtin is a named builtin type.
func Builtin(name string) *Expr { return &Expr{Name: name} }

// Named is type name of package pkg.
func Named(pkg, name string) *Expr { return &Expr{Pkg: pkg, Name: name} }

// Ptr, SliceOf and MapOf make type expressions.
func Ptr(e *Expr) *Expr            { return &Expr{Kind: Pointer, Elem: e} }
func SliceOf(e *Expr) *Expr        { return &Expr{Kind: Slice, Elem: e} }
func MapOf(k, v *Expr) *Expr       { return &Expr{Kind: Map, Key: k, Elem: v} }
func ArrayOf(n int, e *Expr) *Expr { return &Expr{Kind: Array, Len: n, Elem: e} }

// Ref is an Ident for type t of package p.
func (g *G) Ref(p *Package, t *Type) *Expr { return Named(g.API.ImportPath(p), t.Name) }

// AddType appends t to p.
func (g *G) AddType(p *Package, t *Type) *Type {
	p.Types = append(p.Types, t)
	return t
}

func (g *G) scalar() *Expr {
	if len(g.Shapes.Scalars) > 0 {
		return Builtin(Pick(g, g.Shapes.Scalars...))
	}
	if g.Chance(0.01) {
		// deepcopy-gen spells int8 as byte, which does not compile, in
		// pointers, slices and maps: now and then.
		return Builtin("int8")
	}
	names := []string{"string", "string", "string", "bool", "int", "int32", "int32", "int64", "int16", "uint", "uint16", "uint32", "uint64", "byte"}
	if g.Shapes.Floats {
		names = append(names, "float32", "float64")
	}
	return Builtin(Pick(g, names...))
}

// Struct adds a struct type to p with n random fields, nested up to depth.
func (g *G) Struct(p *Package, name string, n, depth int) *Type {
	t := g.AddType(p, &Type{Name: name, Kind: Struct, Doc: []string{name + " is a generated type."}})
	g.building[name] = true
	for range n {
		g.AddField(p, t, depth)
	}
	delete(g.building, name)
	g.markType(p, t)
	return t
}

// AddField adds a random field to struct t of p.
func (g *G) AddField(p *Package, t *Type, depth int) *Field {
	name := g.Name("")
	f := &Field{Name: name, Type: g.Expr(p, depth), Doc: []string{name + " is a generated field."}}
	f.Tag = fmt.Sprintf(`json:"%s,omitempty"`, JSONName(name))
	if e := f.Type; e.Kind == Ident && e.Pkg != "" && g.Chance(0.15) {
		if _, et := g.API.Lookup(e); et != nil && et.Kind == Struct && !g.building[et.Name] {
			g.embed(t, f, et)
		}
	}
	t.Fields = append(t.Fields, f)
	if g.FieldMarkers != nil {
		g.FieldMarkers(g, t, f)
	}
	return f
}

// embed makes f an embedded field of struct type et: inline mostly, or
// with a JSON name when the shapes allow.
func (g *G) embed(t *Type, f *Field, et *Type) {
	for _, o := range t.Fields {
		if o.Name == "" && o.Type.Name == et.Name {
			return // one embedding of a name per struct
		}
	}
	f.Name = ""
	f.Doc = []string{et.Name + " is embedded."}
	if g.Shapes.Embedded && g.Chance(0.3) {
		f.Tag = fmt.Sprintf(`json:"%s,omitempty"`, JSONName(et.Name))
		return
	}
	f.Tag = `json:",inline"`
}

// Expr returns a random field type for package p, declaring the named and
// struct types it needs, nested up to depth.
func (g *G) Expr(p *Package, depth int) *Expr {
	for {
		if e := g.tryExpr(p, depth); e != nil {
			return e
		}
	}
}

func (g *G) tryExpr(p *Package, depth int) *Expr {
	switch k := g.R.Intn(20); {
	case k < 6:
		return g.scalar()
	case k < 7:
		return g.namedScalar(p)
	case k < 8:
		return g.apimachinery()
	case k < 9:
		return Ptr(g.scalar())
	case k < 10:
		return SliceOf(g.scalar())
	case k < 11:
		return g.mapExpr(p, depth)
	case k < 12 && g.Shapes.Arrays:
		return ArrayOf(1+g.R.Intn(3), g.scalar())
	case k < 13:
		return g.namedCollection(p)
	case k < 14 && g.Shapes.Interfaces:
		return g.interfaceExpr(p)
	case k < 15 && g.Shapes.RuntimeObject:
		return Named(Runtime, "Object")
	case k < 16 && g.Shapes.CoreV1:
		return Pick(g, Named(CoreV1, "LocalObjectReference"), Ptr(Named(CoreV1, "ResourceRequirements")), SliceOf(Named(CoreV1, "Toleration")))
	case k < 16:
		return nil
	case depth <= 0:
		return g.scalar()
	}
	st := g.structExpr(p, depth-1)
	if g.building[st.Name] {
		// A type under construction holds itself only through a reference.
		return Pick(g, Ptr(st), SliceOf(st))
	}
	switch g.R.Intn(4) {
	case 0:
		return Ptr(st)
	case 1:
		return SliceOf(st)
	case 2:
		if g.Shapes.PointerElems && g.Chance(0.3) {
			return SliceOf(Ptr(st))
		}
	}
	return st
}

// structExpr is a new or existing struct type of p (or of a shared package).
func (g *G) structExpr(p *Package, depth int) *Expr {
	if g.Chance(0.3) {
		if e := g.existingStruct(p); e != nil {
			return e
		}
	}
	t := g.Struct(p, g.Name(""), 1+g.R.Intn(3), depth)
	if g.Shapes.Aliases && g.Chance(0.1) {
		a := g.AddType(p, &Type{Name: t.Name + "Alias", Kind: Alias, Of: g.Ref(p, t), Doc: []string{"An alias."}})
		return g.Ref(p, a)
	}
	return g.Ref(p, t)
}

// existingStruct is a struct type declared in p or in package shared
// (whose types other packages use), if there is one.
func (g *G) existingStruct(p *Package) *Expr {
	var cands []*Expr
	for _, q := range g.API.Packages {
		if q != p && q.Name != Shared {
			continue
		}
		for _, t := range q.Types {
			if t.Kind == Struct && !t.Root && !t.Excluded && (g.Shapes.Recursive || !g.building[t.Name]) {
				cands = append(cands, g.Ref(q, t))
			}
		}
	}
	if len(cands) == 0 {
		return nil
	}
	return Pick(g, cands...)
}

func (g *G) namedScalar(p *Package) *Expr {
	base := Pick(g, "string", "string", "int32", "int64", "bool")
	t := g.AddType(p, &Type{Name: g.Name(""), Kind: Defined, Of: Builtin(base), Doc: []string{"A named scalar."}})
	if base == "string" {
		for i := range 1 + g.R.Intn(3) {
			p.Consts = append(p.Consts, &Const{Name: fmt.Sprintf("%sValue%d", t.Name, i), Type: t.Name, Value: fmt.Sprintf("%q", strings.ToLower(t.Name)+fmt.Sprint(i))})
		}
	}
	g.markType(p, t)
	return g.Ref(p, t)
}

func (g *G) apimachinery() *Expr {
	return Pick(g,
		Named(MetaV1, "Time"), Ptr(Named(MetaV1, "Time")), Named(Resource, "Quantity"), Ptr(Named(Resource, "Quantity")),
		Named(IntStr, "IntOrString"), Ptr(Named(IntStr, "IntOrString")), Named(Runtime, "RawExtension"),
		Ptr(Named(MetaV1, "LabelSelector")), SliceOf(Named(MetaV1, "Condition")), Named(MetaV1, "Duration"),
	)
}

func (g *G) mapExpr(p *Package, depth int) *Expr {
	key := Builtin("string")
	if g.Shapes.NonStringKeys && g.Chance(0.3) {
		key = Builtin(Pick(g, "int", "int32", "bool", "uint16"))
	} else if g.Chance(0.2) {
		key = g.namedKey(p)
	}
	var val *Expr
	switch g.R.Intn(5) {
	case 0:
		val = SliceOf(Builtin("string"))
	case 1:
		if depth > 0 {
			val = g.structExpr(p, depth-1)
			break
		}
		fallthrough
	case 2:
		val = Named(Resource, "Quantity")
	default:
		val = g.scalar()
	}
	return MapOf(key, val)
}

// namedKey is a named string type for map keys.
func (g *G) namedKey(p *Package) *Expr {
	t := g.AddType(p, &Type{Name: g.Name("Key"), Kind: Defined, Of: Builtin("string"), Doc: []string{"A key."}})
	return g.Ref(p, t)
}

// namedCollection declares a named slice or map type.
func (g *G) namedCollection(p *Package) *Expr {
	of := SliceOf(Builtin("string"))
	if g.Chance(0.5) {
		of = MapOf(Builtin("string"), Builtin("string"))
	}
	t := g.AddType(p, &Type{Name: g.Name("List"), Kind: Defined, Of: of, Doc: []string{"A named collection."}})
	g.markType(p, t)
	return g.Ref(p, t)
}

// interfaceExpr is one of the module's interfaces, declared with its
// implementation in p on first use.
func (g *G) interfaceExpr(p *Package) *Expr {
	for _, e := range g.interfaces {
		if e.Pkg == g.API.ImportPath(p) || path.Base(e.Pkg) == Shared && g.Chance(0.5) {
			return e
		}
	}
	name := g.Name("Shape")
	impl := g.Struct(p, name+"Impl", 2, 0)
	it := g.AddType(p, &Type{Name: name, Kind: Interface, Doc: []string{"An interface."},
		Methods: []string{fmt.Sprintf("DeepCopy%s() %s", name, name)}, Impl: impl.Name})
	impl.Doc = append(impl.Doc, fmt.Sprintf("+k8s:deepcopy-gen:interfaces=%s.%s", g.API.ImportPath(p), name))
	if g.Chance(0.3) {
		impl.Doc = append(impl.Doc, "+k8s:deepcopy-gen:nonpointer-interfaces=true")
	}
	e := g.Ref(p, it)
	g.interfaces = append(g.interfaces, e)
	return e
}

func (g *G) markType(p *Package, t *Type) {
	if g.TypeMarkers != nil {
		g.TypeMarkers(g, p, t)
	}
}

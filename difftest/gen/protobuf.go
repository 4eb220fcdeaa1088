package gen

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// Protobuf is go-to-protobuf's vocabulary: packages marked
// +k8s:protobuf-gen=package, kinds laid out as Kubernetes' (ObjectMeta
// numbered 1, spec 2, status 3), structs whose fields carry protobuf tags
// (numbers with gaps), none, or some, tombstones
// (+k8s:deprecated=name,protobuf=N), and the type markers +protobuf=,
// +protobuf.nullable=, +protobuf.as= and +protobuf.options.
var Protobuf = &Dialect{
	Name:  "protobuf",
	Build: buildProtobuf,
	Mutations: []Mutator{
		Misspelt("protobuf", "k8s:protobuf-gen"),
		BadValue("protobuf", "k8s:protobuf-gen"),
	},
}

// PlusEntry is the doc line of a package that go-to-protobuf's --packages
// names with "+": only its types marked +protobuf=true are messages.
const PlusEntry = "Only types marked as messages are generated."

const pbTag = "+k8s:protobuf-gen=package"

// pbScalars are the builtin types of fields: those protobuf carries, and
// now and then one it has no type for, which upstream stops on.
var pbScalars = append(slices.Repeat([]string{"string", "string", "string", "bool", "int32", "int32", "int64", "uint32", "uint64", "float32", "float64"}, 100), "int", "int16", "uint", "byte")

func buildProtobuf(g *G) {
	g.Shapes = Shapes{Floats: true, NonStringKeys: g.Chance(0.03), Arrays: g.Chance(0.03), Aliases: g.Chance(0.1),
		Embedded: true, Recursive: true, PointerElems: g.Chance(0.1), Scalars: pbScalars}
	g.TypeMarkers = pbTypeMarkers
	var pkgs []*Package
	if g.Chance(0.4) {
		pkgs = append(pkgs, g.Package(Shared))
	}
	for _, v := range []string{"v1", "v1beta1"}[:1+g.R.Intn(2)] {
		pkgs = append(pkgs, g.Package(v))
	}
	for _, p := range pkgs {
		p.Doc = []string{fmt.Sprintf("Package %s is generated.", p.Name), "", pbTag}
		if p.Name != Shared {
			p.Doc = append(p.Doc, "+groupName="+g.API.Root+".fuzz.example")
			for range g.R.Intn(3) {
				g.pbKind(p, g.Name(Pick(g, kindNames...)))
			}
		}
		for range 1 + g.R.Intn(3) {
			g.Struct(p, g.Name(""), 1+g.R.Intn(5), 2)
		}
		if g.Chance(0.2) {
			t := g.Struct(p, g.Name("Skipped"), 1+g.R.Intn(2), 0)
			t.Doc = append(t.Doc, "+protobuf=false")
			t.Excluded = true
		}
		if g.Chance(0.15) {
			g.pbAs(p)
		}
	}
	for _, p := range pkgs {
		g.pbWrapMapLists(p)
	}
	for _, p := range pkgs {
		if g.Chance(0.1) {
			p.Doc = append(p.Doc, PlusEntry)
			for _, t := range p.Types {
				if t.Kind == Struct && !t.Excluded || slices.Contains(t.Doc, "+protobuf.nullable=true") {
					t.Doc = append(t.Doc, "+protobuf=true")
				}
			}
		}
		for _, t := range p.Types {
			if t.Kind == Struct {
				g.pbTags(p, t)
			}
		}
	}
}

// pbWrapMapLists gives most map fields of p whose values are lists a
// named list marked +protobuf.nullable=true as the value, as Kubernetes
// does (authentication/v1 ExtraValue): protobuf has no list of lists.
func (g *G) pbWrapMapLists(p *Package) {
	for _, t := range slices.Clone(p.Types) {
		for _, f := range t.Fields {
			if f.Type.Kind != Map || f.Type.Elem.Kind != Slice || g.Chance(0.2) {
				continue
			}
			w := g.AddType(p, &Type{Name: g.Name("Values"), Kind: Defined, Of: f.Type.Elem, Doc: append([]string{"A list of values."}, nullableDoc(g)...)})
			f.Type = MapOf(f.Type.Key, g.Ref(p, w))
		}
	}
}

// nullableDoc marks a nullable wrapper, with gogo's String turned off
// (as Kubernetes' are: the String gogo writes for one does not compile),
// but now and then.
func nullableDoc(g *G) []string {
	if g.Chance(0.02) {
		return []string{"+protobuf.nullable=true"}
	}
	return []string{"+protobuf.nullable=true", "+protobuf.options.(gogoproto.goproto_stringer)=false"}
}

// pbKind adds a kind and its list, tagged as Kubernetes' are.
func (g *G) pbKind(p *Package, name string) {
	spec := g.Struct(p, name+"Spec", 1+g.R.Intn(4), 2)
	k := &Type{Name: name, Kind: Struct, Root: true, Doc: []string{name + " is a kind."},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`},
			{Type: Named(MetaV1, "ObjectMeta"), Tag: `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`},
			{Name: "Spec", Type: g.Ref(p, spec), Tag: `json:"spec,omitempty" protobuf:"bytes,2,opt,name=spec"`},
		}}
	if g.Chance(0.6) {
		st := g.Struct(p, name+"Status", 1+g.R.Intn(3), 1)
		k.Fields = append(k.Fields, &Field{Name: "Status", Type: g.Ref(p, st), Tag: `json:"status,omitempty" protobuf:"bytes,3,opt,name=status"`})
	}
	p.Types = append(p.Types, k, &Type{Name: name + "List", Kind: Struct, Root: true, Doc: []string{name + "List is a list."},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`},
			{Type: Named(MetaV1, "ListMeta"), Tag: `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`},
			{Name: "Items", Type: SliceOf(g.Ref(p, k)), Tag: `json:"items" protobuf:"bytes,2,rep,name=items"`},
		}})
}

// pbAs adds a struct marked +protobuf.as= a twin struct of the same
// fields, whose message it takes.
func (g *G) pbAs(p *Package) {
	t := g.Struct(p, g.Name(""), 1+g.R.Intn(3), 0)
	twin := &Type{Name: t.Name + "Proto", Kind: Struct, Doc: []string{"The message of " + t.Name + "."}}
	for _, f := range t.Fields {
		c := *f
		twin.Fields = append(twin.Fields, &c)
	}
	p.Types = append(p.Types, twin)
	t.Doc = append(t.Doc, "+protobuf.as="+twin.Name)
}

// pbTypeMarkers marks named collections as nullable wrappers now and
// then, and turns gogo's stringer off for some types.
func pbTypeMarkers(g *G, p *Package, t *Type) {
	if t.Kind == Defined && (t.Of.Kind == Slice || t.Of.Kind == Map) && g.Chance(0.3) {
		t.Doc = append(t.Doc, nullableDoc(g)...)
	}
	if t.Kind == Struct && g.Chance(0.05) {
		t.Doc = append(t.Doc, "+protobuf.options.(gogoproto.goproto_stringer)=false")
	}
}

// pbTags gives struct t's fields protobuf tags: all of them (numbers
// mostly consecutive, now and then a gap), none, or some; and now and
// then a tombstone of a removed field.
func (g *G) pbTags(p *Package, t *Type) {
	mode := g.R.Intn(10)
	if mode >= 8 || t.Root {
		return // none, or Kubernetes' own tags on kinds
	}
	n := 0
	for _, f := range t.Fields {
		n++
		if g.Chance(0.1) {
			n++ // a gap
		}
		if f.Name == "" || strings.Contains(f.Tag, "protobuf:") || mode == 7 && g.Chance(0.5) {
			continue
		}
		if wire := g.pbWire(f.Type); wire != "" {
			kind, label, _ := strings.Cut(wire, ",")
			f.Tag += fmt.Sprintf(` protobuf:"%s,%d,%s,name=%s%s"`, kind, n, label, jsonNameOf(f), g.pbCast(p, f.Type))
		}
	}
	if g.Chance(0.03) && len(t.Fields) > 0 {
		// A removed field's number: past every tag, or among them.
		num := n + 1 + g.R.Intn(3)
		if g.Chance(0.5) && n > 1 {
			num = n + 1
		}
		f := t.Fields[len(t.Fields)-1]
		f.Doc = append(f.Doc, fmt.Sprintf("+k8s:deprecated=removed%s,protobuf=%d", t.Name, num))
	}
}

// pbWire is the wire type and label of e as gogo's tags spell them, for
// the field types whose tag is simple to write; "" for the others.
func (g *G) pbWire(e *Expr) string {
	switch e.Kind {
	case Pointer:
		if e.Elem.Kind == Ident {
			return g.pbWire(e.Elem)
		}
		return ""
	case Slice:
		if e.Elem.Kind == Ident && e.Elem.Pkg == "" && e.Elem.Name == "byte" {
			return "bytes,opt"
		}
		if w := g.pbWire(e.Elem); w != "" && e.Elem.Kind == Ident {
			return strings.TrimSuffix(w, ",opt") + ",rep"
		}
		return ""
	case Map:
		if e.Key.Kind == Ident && e.Key.Pkg == "" && e.Key.Name == "string" && !strings.HasPrefix(e.Elem.Pkg, Module+"/") {
			return "bytes,rep"
		}
		return ""
	case Ident:
	default:
		return ""
	}
	switch {
	case e.Pkg == "":
		switch e.Name {
		case "string":
			return "bytes,opt"
		case "bool", "int", "int32", "int64", "uint32", "uint64":
			return "varint,opt"
		case "float64":
			return "fixed64,opt"
		case "float32":
			return "fixed32,opt"
		}
		return ""
	case strings.HasPrefix(e.Pkg, Module+"/"):
		_, t := g.API.Lookup(e)
		switch {
		case t == nil:
			return ""
		case t.Kind == Struct:
			return "bytes,opt"
		case t.Kind == Defined && t.Of.Kind == Ident:
			return g.pbWire(t.Of)
		}
		return ""
	}
	return "bytes,opt" // apimachinery's messages
}

// pbCast is the cast a tag of a field of p of type e names: its named
// scalar, by name in p, else by import path.
func (g *G) pbCast(p *Package, e *Expr) string {
	for e.Kind == Pointer || e.Kind == Slice {
		e = e.Elem
	}
	if _, t := g.API.Lookup(e); t == nil || t.Kind != Defined {
		return ""
	}
	if e.Pkg == g.API.ImportPath(p) {
		return ",casttype=" + e.Name
	}
	return ",casttype=" + e.Pkg + "." + e.Name
}

// ProtoEntries are the --packages entries of a's packages: the import
// path, with "+" for a package whose doc.go says PlusEntry.
func ProtoEntries(a *API) []string {
	files, err := Render(a)
	if err != nil {
		return nil
	}
	var out []string
	for name, b := range files {
		if path.Base(name) != "doc.go" {
			continue
		}
		entry := Module + "/" + path.Dir(name)
		if slices.Contains(strings.Split(string(b), "\n"), "// "+PlusEntry) {
			entry = "+" + entry
		}
		out = append(out, entry)
	}
	slices.Sort(out)
	return out
}

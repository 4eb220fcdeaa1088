package gen

import "fmt"

// Deepcopy is deepcopy-gen's vocabulary: packages with
// +k8s:deepcopy-gen=package or types with +k8s:deepcopy-gen=true, kinds
// that implement runtime.Object through +k8s:deepcopy-gen:interfaces, the
// module's own interfaces, and every field shape deepcopy-gen copies.
var Deepcopy = &Dialect{
	Name:  "deepcopy",
	Build: buildDeepcopy,
	Mutations: []Mutator{
		Misspelt("k8s:deepcopy-gen"),
		BadValue("k8s:deepcopy-gen"),
	},
}

const deepcopyTag = "+k8s:deepcopy-gen"

func buildDeepcopy(g *G) {
	g.Shapes = Shapes{Floats: true, NonStringKeys: true, Interfaces: true, Arrays: true,
		Aliases: true, Embedded: true, RuntimeObject: true, Recursive: true, PointerElems: true, CoreV1: g.Chance(0.1)}
	var pkgs []*Package
	if g.Chance(0.4) {
		pkgs = append(pkgs, g.Package(Shared))
	}
	for _, v := range []string{"v1", "v1beta1"}[:1+g.R.Intn(2)] {
		pkgs = append(pkgs, g.Package(v))
	}
	for _, p := range pkgs {
		tagged := g.Chance(0.8)
		p.Doc = []string{fmt.Sprintf("Package %s is generated.", p.Name)}
		if tagged {
			p.Doc = append(p.Doc, "", deepcopyTag+"=package")
		}
		if p.Name != Shared && g.Chance(0.5) {
			p.Doc = append(p.Doc, "+groupName="+g.API.Root+".fuzz.example")
		}
		g.deepcopyTypes(p)
		g.markCopied(p, tagged)
	}
}

// deepcopyTypes adds p's types: kinds with their lists, and plain structs.
func (g *G) deepcopyTypes(p *Package) {
	if p.Name != Shared {
		for range g.R.Intn(3) {
			g.kind(p, g.Name(Pick(g, kindNames...)), 1+g.R.Intn(4))
		}
	}
	for range 1 + g.R.Intn(3) {
		g.Struct(p, g.Name(""), 1+g.R.Intn(5), 2)
	}
	if g.Chance(0.2) {
		// A type nothing refers to, left out.
		t := g.Struct(p, g.Name("Skipped"), 1+g.R.Intn(2), 0)
		t.Doc = append(t.Doc, deepcopyTag+"=false")
		t.Excluded = true
	}
}

// kind adds a kind: a struct with TypeMeta and ObjectMeta that implements
// runtime.Object, and its list.
func (g *G) kind(p *Package, name string, fields int) *Type {
	t := g.Struct(p, name, fields, 2)
	t.Root = true
	t.Fields = append([]*Field{
		{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`},
		g.meta("ObjectMeta"),
	}, t.Fields...)
	t.Doc = append(t.Doc, deepcopyTag+":interfaces=k8s.io/apimachinery/pkg/runtime.Object")
	g.AddType(p, &Type{Name: name + "List", Kind: Struct, Root: true, Doc: []string{name + "List is a list.", deepcopyTag + ":interfaces=k8s.io/apimachinery/pkg/runtime.Object"},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`},
			g.meta("ListMeta"),
			{Name: "Items", Type: SliceOf(g.Ref(p, t)), Tag: `json:"items"`},
		}})
	return t
}

// markCopied marks which of p's types get methods: in an untagged package,
// every struct gets +k8s:deepcopy-gen=true, as the types copying it need
// its methods; named collections get them either way.
func (g *G) markCopied(p *Package, tagged bool) {
	for _, t := range p.Types {
		if t.Excluded || t.Kind == Alias || t.Kind == Interface {
			continue
		}
		// Upstream stops on a type copied by assignment that asks for
		// methods: now and then.
		if !tagged && (t.Kind == Struct || t.Kind == Defined && t.Of.Kind != Ident || g.Chance(0.05)) {
			t.Doc = append(t.Doc, deepcopyTag+"=true")
		}
	}
}

var kindNames = []string{"Widget", "Gadget", "Box", "Policy", "Proxy", "Index", "Status", "Mouse", "Person", "Datum", "Series", "Chassis", "Quiz", "Cactus", "Leaf"}

// meta is a kind's or list's metadata field of metav1 type name:
// embedded, as most APIs have it, or named.
func (g *G) meta(name string) *Field {
	f := &Field{Type: Named(MetaV1, name), Tag: `json:"metadata,omitempty"`}
	if g.Chance(0.2) {
		f.Name = name
	}
	return f
}

package gen

import (
	"fmt"
	"slices"
	"strings"
)

// Validation is validation-gen's vocabulary (declarative validation):
// packages marked +k8s:validation-gen=TypesWithField=TypeMeta with
// runtime.Scheme as their registry, kinds (with a hand-written
// DeepCopyObject, so they are runtime.Objects), and field and type tags
// drawn by the field's type: +k8s:optional/required/forbidden, bounds,
// formats, enums, list types and map keys, eachVal/eachKey, subfield,
// ifEnabled, immutable, opaqueType, unions and zero-or-one-of groups.
var Validation = &Dialect{
	Name:  "validation",
	Build: buildValidation,
	Mutations: []Mutator{
		Misspelt(valTags...),
		BadValue(valTags...),
	},
}

// valTags are the tags the dialect writes that validation-gen reads.
var valTags = []string{"k8s:optional", "k8s:required", "k8s:forbidden", "k8s:minimum", "k8s:maximum",
	"k8s:maxLength", "k8s:maxItems", "k8s:format", "k8s:enum", "k8s:listType", "k8s:listMapKey",
	"k8s:eachVal", "k8s:eachKey", "k8s:subfield", "k8s:ifEnabled", "k8s:immutable", "k8s:opaqueType",
	"k8s:unionMember", "k8s:unionDiscriminator", "k8s:zeroOrOneOfMember", "k8s:validation-gen"}

const vk = "+k8s:"

func buildValidation(g *G) {
	g.Shapes = Shapes{Embedded: g.Chance(0.2), PointerElems: g.Chance(0.1),
		Scalars: append(slices.Repeat([]string{"string", "string", "string", "bool", "int", "int32", "int64"}, 30), "uint16", "float64")}
	g.FieldMarkers = valFieldMarkers
	g.TypeMarkers = valTypeMarkers
	for _, v := range []string{"v1", "v1beta1"}[:1+g.R.Intn(2)] {
		p := g.Package(v)
		p.Doc = []string{fmt.Sprintf("Package %s is generated.", v), "", vk + "deepcopy-gen=package",
			vk + "validation-gen=TypesWithField=TypeMeta",
			vk + "validation-gen-scheme-registry=k8s.io/apimachinery/pkg/runtime.Scheme",
			"+groupName=" + g.API.Root + ".fuzz.example"}
		var objects []string
		for range 1 + g.R.Intn(2) {
			name := g.Name(Pick(g, kindNames...))
			g.valKind(p, name)
			objects = append(objects, name, name+"List")
		}
		for range g.R.Intn(2) {
			g.Struct(p, g.Name(""), 1+g.R.Intn(4), 1)
		}
		if g.Chance(0.3) {
			g.valUnion(p)
		}
		p.Extra = map[string]string{"register.go": valRegisterGo(p.Name, objects)}
	}
}

// valRegisterGo is a package's scheme builder, which the generated init
// registers with, and its kinds' DeepCopyObject (shallow: only so that
// they are runtime.Objects).
func valRegisterGo(pkg string, objects []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport \"k8s.io/apimachinery/pkg/runtime\"\n\n", pkg)
	b.WriteString("var (\n\tSchemeBuilder runtime.SchemeBuilder\n\tlocalSchemeBuilder = &SchemeBuilder\n)\n")
	for _, o := range objects {
		fmt.Fprintf(&b, "\nfunc (in *%s) DeepCopyObject() runtime.Object {\n\tout := *in\n\treturn &out\n}\n", o)
	}
	return b.String()
}

// opaque marks apimachinery's metadata fields, whose package is not
// read: validation-gen passes over them.
var opaque = []string{vk + "opaqueType"}

// valKind adds a kind with a spec, and its list.
func (g *G) valKind(p *Package, name string) {
	spec := g.Struct(p, name+"Spec", 1+g.R.Intn(5), 2)
	sf := &Field{Name: "Spec", Type: g.Ref(p, spec), Tag: `json:"spec,omitempty"`}
	valFieldMarkers(g, nil, sf)
	g.AddType(p, &Type{Name: name, Kind: Struct, Root: true, Doc: []string{name + " is a kind."},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Doc: opaque, Tag: `json:",inline"`},
			{Type: Named(MetaV1, "ObjectMeta"), Doc: opaque, Tag: `json:"metadata,omitempty"`},
			sf,
		}})
	g.AddType(p, &Type{Name: name + "List", Kind: Struct, Root: true, Doc: []string{name + "List is a list."},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Doc: opaque, Tag: `json:",inline"`},
			{Type: Named(MetaV1, "ListMeta"), Doc: opaque, Tag: `json:"metadata,omitempty"`},
			{Name: "Items", Type: SliceOf(g.Ref(p, g.lookupType(p, name))), Tag: `json:"items"`},
		}})
}

func (g *G) lookupType(p *Package, name string) *Type {
	for _, t := range p.Types {
		if t.Name == name {
			return t
		}
	}
	return &Type{Name: name}
}

// valUnion adds a struct whose pointer members form a union (with a
// discriminator now and then) or a zero-or-one-of group.
func (g *G) valUnion(p *Package) {
	t := g.AddType(p, &Type{Name: g.Name("Choice"), Kind: Struct, Doc: []string{"A choice of members."}})
	zero := g.Chance(0.4)
	discriminated := !zero && g.Chance(0.4)
	var members []string
	for range 2 + g.R.Intn(2) {
		name := g.Name("")
		f := &Field{Name: name, Type: Ptr(Builtin(Pick(g, "string", "int32"))), Tag: fmt.Sprintf(`json:"%s,omitempty"`, JSONName(name)), Doc: []string{vk + "optional"}}
		if zero {
			f.Doc = append(f.Doc, vk+"zeroOrOneOfMember")
		} else {
			f.Doc = append(f.Doc, vk+"unionMember")
		}
		members = append(members, name)
		t.Fields = append(t.Fields, f)
	}
	if discriminated {
		dt := g.AddType(p, &Type{Name: t.Name + "Kind", Kind: Defined, Of: Builtin("string"), Doc: []string{"The member set.", vk + "enum"}})
		for _, m := range members {
			p.Consts = append(p.Consts, &Const{Name: t.Name + "Kind" + m, Type: dt.Name, Value: fmt.Sprintf("%q", m)})
		}
		t.Fields = append([]*Field{{Name: "Kind", Type: g.Ref(p, dt), Tag: `json:"kind"`, Doc: []string{vk + "required", vk + "unionDiscriminator"}}}, t.Fields...)
	}
	g.markType(p, t)
}

// valTypeMarkers marks named string types with constants as enums, and
// bounds some named integers.
func valTypeMarkers(g *G, p *Package, t *Type) {
	if t.Kind != Defined || t.Of.Kind != Ident {
		return
	}
	switch t.Of.Name {
	case "string":
		if slices.ContainsFunc(p.Consts, func(c *Const) bool { return c.Type == t.Name }) && g.Chance(0.6) {
			t.Doc = append(t.Doc, vk+"enum")
		} else if g.Chance(0.2) {
			t.Doc = append(t.Doc, fmt.Sprintf("%smaxLength=%d", vk, 8+g.R.Intn(60)))
		}
	case "int32", "int64":
		if g.Chance(0.3) {
			t.Doc = append(t.Doc, fmt.Sprintf("%sminimum=%d", vk, g.R.Intn(5)))
		}
	}
}

// valFieldMarkers marks field f: optional, required or (rarely)
// forbidden, then tags that fit its type.
func valFieldMarkers(g *G, owner *Type, f *Field) {
	if f.Name == "" {
		return
	}
	if f.Type.Kind == Map && f.Type.Elem.Kind == Slice && g.Chance(0.8) {
		f.Type = MapOf(f.Type.Key, Builtin("string")) // upstream has no validation of maps of lists
	}
	if e := f.Type; e.Kind == Ident && e.Pkg != "" {
		if _, t := g.API.Lookup(e); t == nil || t.Kind == Struct {
			// Neither optional nor required fits a struct value, and
			// meta/v1 is no package of the run.
			if valOpaque(e) {
				f.Doc = append(f.Doc, vk+"opaqueType")
			}
			return
		}
	}
	if valOpaque(f.Type) {
		tag := vk + "opaqueType"
		if f.Type.Kind == Slice || f.Type.Kind == Map {
			tag = vk + "eachVal=" + tag
		}
		f.Doc = append(f.Doc, vk+"optional", tag)
		return
	}
	switch r := g.R.Intn(20); {
	case r < 12:
		f.Doc = append(f.Doc, vk+"optional")
	case r < 17:
		f.Doc = append(f.Doc, vk+"required")
		f.Tag = strings.Replace(f.Tag, ",omitempty", "", 1)
	case r < 18 && f.Type.Kind == Pointer:
		f.Doc = append(f.Doc, vk+"forbidden")
		return
	case g.named(f.Type):
		// Its type's validations need one of those.
		f.Doc = append(f.Doc, vk+"optional")
	default:
		return // a field with validations must say which of those it is
	}
	tags := g.valueTags(f.Type, 2)
	if len(tags) > 0 && g.Chance(0.1) {
		tags[0] = fmt.Sprintf("%sifEnabled(Feature%s)=%s", vk, Pick(g, "A", "B"), tags[0])
	}
	f.Doc = append(f.Doc, tags...)
	if g.Chance(0.05) {
		f.Doc = append(f.Doc, vk+"immutable")
	}
}

// valueTags are tags for a value of type e (a field, or a list's or map's
// values through eachVal), nested up to depth.
func (g *G) valueTags(e *Expr, depth int) []string {
	if e.Kind == Pointer {
		e = e.Elem
	}
	switch e.Kind {
	case Slice:
		return g.listTags(e, depth)
	case Map:
		var out []string
		if g.Chance(0.2) {
			out = append(out, fmt.Sprintf("%seachKey=%smaxLength=%d", vk, vk, 16+g.R.Intn(40)))
		}
		if depth > 0 && g.Chance(0.2) {
			if inner := g.valueTags(e.Elem, depth-1); len(inner) > 0 {
				out = append(out, vk+"eachVal="+inner[0])
			}
		}
		return out
	case Ident:
	default:
		return nil
	}
	if e.Pkg == "" {
		return g.scalarTags(e.Name)
	}
	_, t := g.API.Lookup(e)
	if t == nil || t.Kind != Struct || depth <= 0 || !g.Chance(0.2) {
		return nil
	}
	for _, sf := range t.Fields {
		if sf.Name == "" {
			continue
		}
		if inner := g.valueTags(sf.Type, 0); len(inner) > 0 {
			return []string{fmt.Sprintf("%ssubfield(%s)=%s", vk, jsonNameOf(sf), inner[0])}
		}
	}
	if g.Chance(0.3) {
		return []string{vk + "opaqueType"}
	}
	return nil
}

func (g *G) scalarTags(name string) []string {
	switch name {
	case "string":
		switch g.R.Intn(5) {
		case 0:
			return []string{fmt.Sprintf("%smaxLength=%d", vk, 1+g.R.Intn(100))}
		case 1:
			return []string{vk + "format=" + Pick(g, "k8s-short-name", "k8s-long-name", "k8s-label-value", "k8s-label-key", "k8s-uuid", "k8s-path-segment-name")}
		}
	case "int", "int32", "int64":
		switch g.R.Intn(4) {
		case 0:
			return []string{fmt.Sprintf("%sminimum=%d", vk, g.R.Intn(20)-5)}
		case 1:
			return []string{fmt.Sprintf("%smaximum=%d", vk, 10+g.R.Intn(100))}
		}
	}
	return nil
}

// listTags are tags for a slice e: its list type (a map keyed by a
// required string field of its structs), a bound, a tag for each value.
func (g *G) listTags(e *Expr, depth int) []string {
	var out []string
	if g.Chance(0.2) {
		out = append(out, fmt.Sprintf("%smaxItems=%d", vk, 1+g.R.Intn(20)))
	}
	elem := e.Elem
	switch {
	case elem.Kind == Ident && elem.Pkg == "" && elem.Name != "byte" && g.Chance(0.3):
		out = append(out, vk+"listType="+Pick(g, "atomic", "set"))
	case elem.Kind == Ident && elem.Pkg != "" && g.Chance(0.4):
		if key := g.valMapKey(elem); key != "" {
			out = append(out, vk+"listType=map", vk+"listMapKey="+key)
		}
	}
	if depth > 0 && g.Chance(0.3) {
		if inner := g.valueTags(elem, depth-1); len(inner) > 0 && !strings.HasPrefix(inner[0], vk+"listType") {
			out = append(out, vk+"eachVal="+inner[0])
		}
	}
	return out
}

// valMapKey makes a string field of struct elem required, in
// validation-gen's vocabulary, to key a list map, and returns its JSON
// name; "" if it has none.
func (g *G) valMapKey(elem *Expr) string {
	return g.keyField(elem, vk+"required", func(l string) bool { return l == vk+"optional" || l == vk+"forbidden" })
}

// valOpaque says whether values of e hold a type of meta/v1.
func valOpaque(e *Expr) bool {
	for e.Kind != Ident {
		if e.Kind == Map && valOpaque(e.Key) {
			return true
		}
		e = e.Elem
	}
	return e.Pkg == MetaV1
}

// named says whether e is, or points to, a type of the module.
func (g *G) named(e *Expr) bool {
	if e.Kind == Pointer {
		e = e.Elem
	}
	return e.Kind == Ident && strings.HasPrefix(e.Pkg, Module+"/")
}

package gen

import (
	"fmt"
	"slices"
	"strings"
)

// OpenAPI is kube-openapi's openapi-gen vocabulary, as kube_codegen.sh's
// gen_openapi runs it: packages or types marked +k8s:openapi-gen=true (some
// types opting out), kinds with TypeMeta and ObjectMeta, model packages,
// +enum string types, list, map and struct types, +optional and
// +required, defaults, the +k8s:validation: markers, CEL rules, unions
// and x-kubernetes extensions, with values that agree with the types.
var OpenAPI = &Dialect{
	Name:  "openapi",
	Build: buildOpenAPI,
	Mutations: []Mutator{
		Misspelt("k8s:openapi-gen", "k8s:validation:", "listType", "mapType", "structType", "k8s:openapi-model-package"),
		BadValue("k8s:openapi-gen", "k8s:validation:", "listType", "mapType", "structType"),
	},
}

const openapiTag = "+k8s:openapi-gen"

func buildOpenAPI(g *G) {
	g.Shapes = Shapes{Floats: true, Aliases: true, Embedded: true, Recursive: true, PointerElems: true,
		CoreV1: g.Chance(0.1), NonStringKeys: g.Chance(0.03), Arrays: g.Chance(0.03)}
	g.FieldMarkers = openapiFieldMarkers
	g.TypeMarkers = openapiTypeMarkers
	var pkgs []*Package
	if g.Chance(0.4) {
		pkgs = append(pkgs, g.Package(Shared))
	}
	for _, v := range []string{"v1", "v1beta1"}[:1+g.R.Intn(2)] {
		pkgs = append(pkgs, g.Package(v))
	}
	for _, p := range pkgs {
		p.Doc = []string{fmt.Sprintf("Package %s is generated.", p.Name)}
		whole := g.Chance(0.85)
		if whole {
			p.Doc = append(p.Doc, "", openapiTag+"=true")
		}
		if p.Name != Shared {
			p.Group = g.API.Root + ".fuzz.example"
			p.Doc = append(p.Doc, "+groupName="+p.Group)
		}
		if g.Chance(0.3) {
			p.Doc = append(p.Doc, fmt.Sprintf("+k8s:openapi-model-package=io.example.fuzz.%s.%s", g.API.Root, p.Name))
		}
		g.openapiTypes(p)
		if !whole {
			// Each type asks for itself; now and then one does not.
			for _, t := range p.Types {
				if !t.Excluded && t.Kind != Alias && !g.Chance(0.05) {
					t.Doc = append(t.Doc, openapiTag+"=true")
				}
			}
		}
	}
}

// openapiTypes adds p's types: kinds with their lists, plain structs, a
// union now and then, and a type left out.
func (g *G) openapiTypes(p *Package) {
	if p.Name != Shared {
		for range g.R.Intn(3) {
			g.kind(p, g.Name(Pick(g, kindNames...)), 1+g.R.Intn(4))
		}
	}
	for range 1 + g.R.Intn(3) {
		g.Struct(p, g.Name(""), 1+g.R.Intn(5), 2)
	}
	if g.Chance(0.1) {
		g.union(p)
	}
	if g.Chance(0.15) {
		t := g.Struct(p, g.Name("Skipped"), 1+g.R.Intn(2), 0)
		t.Doc = append(t.Doc, openapiTag+"=false")
		t.Excluded = true
	}
}

// union adds a struct marked +union: a discriminator and optional members.
func (g *G) union(p *Package) {
	t := g.AddType(p, &Type{Name: g.Name("Choice"), Kind: Struct, Doc: []string{"A union.", "+union"}})
	t.Fields = append(t.Fields, &Field{Name: "Kind", Type: Builtin("string"), Tag: `json:"kind"`, Doc: []string{"+unionDiscriminator", "+required"}})
	for range 1 + g.R.Intn(3) {
		name := g.Name("")
		t.Fields = append(t.Fields, &Field{Name: name, Type: Ptr(g.scalar()), Tag: fmt.Sprintf(`json:"%s,omitempty"`, JSONName(name)), Doc: []string{"+optional"}})
	}
}

// openapiTypeMarkers marks a named type: +enum on string types with
// constants, list and map types on collections, atomic structs, type
// validations.
func openapiTypeMarkers(g *G, p *Package, t *Type) {
	switch kind := g.API.SchemaKind(&Expr{Pkg: g.API.ImportPath(p), Name: t.Name}); {
	case t.Kind == Alias:
	case kind == "string" && t.Kind == Defined:
		if hasConsts(p, t) && g.Chance(0.6) {
			t.Doc = append(t.Doc, "+enum")
		} else if g.Chance(0.2) {
			t.Doc = append(t.Doc, "+k8s:validation:maxLength=32")
		}
	case kind == "integer" && t.Kind == Defined && g.Chance(0.2):
		t.Doc = append(t.Doc, "+k8s:validation:minimum=0")
	case kind == "array" && g.Chance(0.3):
		t.Doc = append(t.Doc, Pick(g, "+listType=set", "+listType=atomic", "+k8s:validation:maxItems=10"))
	case kind == "map" && g.Chance(0.3):
		t.Doc = append(t.Doc, Pick(g, "+mapType=atomic", "+mapType=granular", "+k8s:validation:maxProperties=10"))
	case kind == "object" && t.Kind == Struct:
		if g.Chance(0.05) {
			t.Doc = append(t.Doc, "+structType=atomic")
		}
		if g.Chance(0.05) && len(t.Fields) > 0 && t.Fields[0].Name != "" {
			n := jsonNameOf(t.Fields[0])
			t.Doc = append(t.Doc, fmt.Sprintf(`+k8s:validation:cel[0]:rule="has(self.%s) || !has(self.%s)"`, n, n), `+k8s:validation:cel[0]:message="checks `+n+`"`)
		}
		if g.Chance(0.03) {
			t.Doc = append(t.Doc, openapiTag+"=x-kubernetes-fuzz-type:"+strings.ToLower(t.Name))
		}
	}
}

func hasConsts(p *Package, t *Type) bool {
	for _, c := range p.Consts {
		if c.Type == t.Name {
			return true
		}
	}
	return false
}

// openapiFieldMarkers marks field f: optional or required, defaults and
// validations that fit its type, list and map types, extensions; and now
// and then a JSON name that breaks an API rule.
func openapiFieldMarkers(g *G, owner *Type, f *Field) {
	if f.Name == "" {
		return
	}
	switch r := g.R.Intn(20); {
	case r < 12:
		f.Doc = append(f.Doc, "+optional")
	case r < 15:
		f.Doc = append(f.Doc, "+required")
		f.Tag = strings.Replace(f.Tag, ",omitempty", "", 1)
	}
	if g.Chance(0.04) {
		f.Tag = strings.Replace(f.Tag, `json:"`, `json:"x_`, 1) // names_match
	}
	named := f.Type.Kind == Ident && f.Type.Pkg != "" || f.Type.Kind == Pointer && f.Type.Elem.Pkg != ""
	f.Doc = append(f.Doc, g.openapiValueMarkers(f, named)...)
	if !strings.Contains(f.Tag, "omitempty") && f.Type.Kind != Pointer && !g.Chance(0.03) {
		// openapi-gen stops on a default of a field that is never
		// omitted (but for its zero value): now and then.
		f.Doc = dropDefaults(f.Doc)
	}
	if g.Chance(0.03) {
		f.Doc = append(f.Doc, openapiTag+"=x-kubernetes-fuzz-field:"+strings.ToLower(f.Name))
	}
}

// dropDefaults is doc without its +default lines.
func dropDefaults(doc []string) []string {
	return slices.DeleteFunc(doc, func(l string) bool { return strings.HasPrefix(l, "+default=") })
}

// openapiValueMarkers are the markers that fit f's type.
func (g *G) openapiValueMarkers(f *Field, named bool) []string {
	var out []string
	switch g.API.SchemaKind(f.Type) {
	case "string":
		if named {
			out = append(out, g.enumDefault(f.Type)...)
		} else {
			out = append(out, g.openapiStringMarkers()...)
		}
	case "integer":
		if !named {
			out = append(out, g.openapiIntMarkers()...)
		}
	case "boolean":
		if !named && g.Chance(0.15) {
			out = append(out, fmt.Sprintf("+default=%v", g.Chance(0.5)))
		}
	case "number":
		if g.Chance(0.3) {
			out = append(out, "+k8s:validation:minimum=0.5", "+k8s:validation:maximum=100.25")
		}
	case "array":
		out = append(out, g.openapiListMarkers(f)...)
	case "map":
		if g.Chance(0.2) {
			out = append(out, Pick(g, "+mapType=atomic", "+mapType=granular"))
		}
		if g.Chance(0.15) {
			out = append(out, "+k8s:validation:minProperties=1", fmt.Sprintf("+k8s:validation:maxProperties=%d", 5+g.R.Intn(10)))
		}
	case "object":
		if g.Chance(0.05) {
			out = append(out, "+structType=atomic")
		}
		if g.Chance(0.05) {
			out = append(out, "+default={}")
		}
	case "quantity":
		if g.Chance(0.1) {
			out = append(out, `+default="1Gi"`)
		}
	case "duration":
		if g.Chance(0.1) {
			out = append(out, `+default="10s"`)
		}
	}
	return out
}

// enumDefault defaults a field of a named string type with constants to
// one of them, by value or by reference.
func (g *G) enumDefault(e *Expr) []string {
	p, t := g.API.Lookup(derefExpr(e))
	if t == nil || !g.Chance(0.2) {
		return nil
	}
	for _, c := range p.Consts {
		if c.Type == t.Name {
			return []string{Pick(g, "+default="+c.Value, "+default=ref("+c.Name+")")}
		}
	}
	return nil
}

func (g *G) openapiStringMarkers() []string {
	var out []string
	def := ""
	switch g.R.Intn(8) {
	case 0:
		lo, hi := g.R.Intn(3), 5+g.R.Intn(60)
		out = append(out, fmt.Sprintf("+k8s:validation:minLength=%d", lo), fmt.Sprintf("+k8s:validation:maxLength=%d", hi))
		def = strings.Repeat("x", lo+1)
	case 1:
		out = append(out, `+k8s:validation:pattern="^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"`)
		def = "abc"
	case 2:
		out = append(out, fmt.Sprintf("+k8s:validation:format=%q", Pick(g, "date-time", "hostname", "uri", "email", "uuid", "ipv4")))
	case 3:
		out = append(out, "+k8s:validation:maxLength=64", `+k8s:validation:cel[0]:rule="self.size() <= 64"`, `+k8s:validation:cel[0]:message="too long"`)
		def = "short"
	default:
		def = "plain"
	}
	if def != "" && g.Chance(0.2) {
		out = append(out, fmt.Sprintf("+default=%q", def))
	}
	return out
}

func (g *G) openapiIntMarkers() []string {
	lo := int64(g.R.Intn(50))
	hi := lo + int64(10+g.R.Intn(100))
	var out []string
	def := lo + 1
	switch g.R.Intn(6) {
	case 0:
		out = append(out, fmt.Sprintf("+k8s:validation:minimum=%d", lo), fmt.Sprintf("+k8s:validation:maximum=%d", hi))
		if g.Chance(0.3) {
			out = append(out, "+k8s:validation:exclusiveMaximum")
		}
	case 1:
		out = append(out, fmt.Sprintf("+k8s:validation:minimum=%d", lo))
	case 2:
		k := int64(2 + g.R.Intn(4))
		out = append(out, fmt.Sprintf("+k8s:validation:multipleOf=%d", k))
		def = k
	case 3:
		out = append(out, `+k8s:validation:cel[0]:rule="self >= 0"`, `+k8s:validation:cel[0]:message="not negative"`)
	}
	if g.Chance(0.2) {
		out = append(out, fmt.Sprintf("+default=%d", def))
	}
	return out
}

func (g *G) openapiListMarkers(f *Field) []string {
	var out []string
	if g.Chance(0.2) {
		out = append(out, fmt.Sprintf("+k8s:validation:minItems=%d", g.R.Intn(2)), fmt.Sprintf("+k8s:validation:maxItems=%d", 3+g.R.Intn(20)))
	}
	t := derefExpr(f.Type)
	if t.Kind != Slice {
		return out
	}
	elem := t.Elem
	out = append(out, g.listType(elem, func(key string) []string {
		_, et := g.API.Lookup(elem)
		for _, kf := range et.Fields {
			if kf.Name != "" && jsonNameOf(kf) == key {
				kf.Doc = dropDefaults(kf.Doc)
			}
		}
		if g.Chance(0.3) {
			return []string{"+patchStrategy=merge", "+patchMergeKey=" + key}
		}
		return nil
	})...)
	if elem.Kind == Ident && elem.Pkg == "" && elem.Name == "string" && g.Chance(0.2) {
		out = append(out, "+k8s:validation:items:maxLength=12")
	}
	return out
}

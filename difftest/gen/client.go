package gen

import (
	"fmt"
	"slices"
	"strings"
)

// Client is the vocabulary of code-generator's client-gen, lister-gen,
// informer-gen and applyconfiguration-gen, as kube_codegen.sh's gen_client
// runs them: one API group in one or two versions, each a package with
// +groupName (and now and then +groupGoName) and deep copies, whose kinds
// are marked +genclient, namespaced or not, with or without status, with
// their verbs narrowed by onlyVerbs or skipVerbs, and extra methods of
// +genclient:method with input and result types.
var Client = &Dialect{
	Name:  "client",
	Build: buildClient,
	Mutations: []Mutator{
		Misspelt("genclient"),
		BadValue("genclient"),
	},
}

const genclient = "+genclient"

// allVerbs are client-gen's verbs.
var allVerbs = []string{"create", "update", "updateStatus", "delete", "deleteCollection", "get", "list", "watch", "patch", "apply", "applyStatus"}

func buildClient(g *G) {
	g.Shapes = Shapes{Floats: true, Embedded: true, Aliases: g.Chance(0.2), CoreV1: g.Chance(0.1), PointerElems: true}
	if g.Chance(0.3) {
		p := g.Package(Shared)
		p.Doc = []string{"Package shared holds types the versions use.", "", deepcopyTag + "=package"}
		for range 1 + g.R.Intn(2) {
			g.Struct(p, g.Name(""), 1+g.R.Intn(4), 1)
		}
	}
	group := g.API.Root + ".fuzz.example"
	goName := ""
	if g.Chance(0.2) {
		goName = "Fuzz" + strings.ToUpper(g.API.Root[:1]) + g.API.Root[1:]
	}
	kinds := make([]string, 1+g.R.Intn(3))
	for i := range kinds {
		kinds[i] = g.Name(Pick(g, kindNames...))
	}
	for _, v := range []string{"v1", "v1beta1"}[:1+g.R.Intn(2)] {
		p := g.Package(v)
		p.Group = group
		p.Doc = []string{fmt.Sprintf("Package %s is version %s of the group.", v, v), "", deepcopyTag + "=package", "+groupName=" + group}
		if goName != "" {
			p.Doc = append(p.Doc, "+groupGoName="+goName)
		}
		for _, k := range kinds {
			g.clientKind(p, k)
		}
		if g.Chance(0.3) {
			// A kind without a client.
			g.clientKindPlain(p, g.Name(Pick(g, kindNames...)))
		}
	}
}

// clientKind adds kind name to p with its spec, maybe a status, its list,
// and +genclient markers.
func (g *G) clientKind(p *Package, name string) {
	t := g.clientKindPlain(p, name)
	t.Doc = append(t.Doc, genclient)
	if g.Chance(0.3) {
		t.Doc = append(t.Doc, genclient+":nonNamespaced")
	}
	hasStatus := len(t.Fields) > 3
	if hasStatus && g.Chance(0.2) {
		t.Doc = append(t.Doc, genclient+":noStatus")
	}
	switch r := g.R.Intn(10); {
	case r < 2:
		t.Doc = append(t.Doc, genclient+":onlyVerbs="+strings.Join(g.someVerbs(), ","))
	case r < 4:
		t.Doc = append(t.Doc, genclient+":skipVerbs="+strings.Join(g.someVerbs(), ","))
	}
	if g.Chance(0.2) {
		t.Doc = append(t.Doc, g.methods(p, name)...)
	}
}

// clientKindPlain adds kind name to p: TypeMeta, ObjectMeta, a spec and
// maybe a status, with its list, both runtime.Objects.
func (g *G) clientKindPlain(p *Package, name string) *Type {
	spec := g.Struct(p, name+"Spec", 1+g.R.Intn(4), 2)
	t := &Type{Name: name, Kind: Struct, Root: true, Doc: []string{name + " is a kind.", deepcopyTag + ":interfaces=k8s.io/apimachinery/pkg/runtime.Object"},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`},
			{Type: Named(MetaV1, "ObjectMeta"), Tag: `json:"metadata,omitempty"`},
			{Name: "Spec", Type: g.Ref(p, spec), Tag: `json:"spec,omitempty"`},
		}}
	if g.Chance(0.6) {
		status := g.Struct(p, name+"Status", 1+g.R.Intn(3), 1)
		t.Fields = append(t.Fields, &Field{Name: "Status", Type: g.Ref(p, status), Tag: `json:"status,omitempty"`})
	}
	g.AddType(p, t)
	g.AddType(p, &Type{Name: name + "List", Kind: Struct, Root: true,
		Doc: []string{name + "List is a list.", deepcopyTag + ":interfaces=k8s.io/apimachinery/pkg/runtime.Object"},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`},
			{Type: Named(MetaV1, "ListMeta"), Tag: `json:"metadata,omitempty"`},
			{Name: "Items", Type: SliceOf(g.Ref(p, t)), Tag: `json:"items"`},
		}})
	return t
}

// someVerbs is one to three of client-gen's verbs. Mostly, with
// deleteCollection comes list and with applyStatus apply, or upstream's
// client does not compile.
func (g *G) someVerbs() []string {
	var out []string
	for _, i := range g.R.Perm(len(allVerbs))[:1+g.R.Intn(3)] {
		out = append(out, allVerbs[i])
	}
	for _, v := range [][2]string{{"deleteCollection", "list"}, {"applyStatus", "apply"}} {
		if slices.Contains(out, v[0]) != slices.Contains(out, v[1]) && g.Chance(0.9) {
			out = slices.DeleteFunc(out, func(s string) bool { return s == v[0] || s == v[1] })
		}
	}
	if len(out) == 0 {
		out = append(out, "get")
	}
	return out
}

// methods are +genclient:method markers of kind name of p: a scale
// subresource, or an extra get or create with input and result types.
func (g *G) methods(p *Package, name string) []string {
	switch g.R.Intn(3) {
	case 0:
		return []string{
			genclient + ":method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale",
			genclient + ":method=UpdateScale,verb=update,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale",
		}
	case 1:
		return []string{genclient + ":method=GetStatusOf,verb=get,subresource=status"}
	}
	full := g.API.ImportPath(p) + "." + name
	return []string{fmt.Sprintf("%s:method=CreateCopy,verb=create,subresource=copy,input=%s,result=%s", genclient, full, full)}
}

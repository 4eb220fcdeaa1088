package gen

import (
	"fmt"
	"slices"
	"strings"
)

// CRD is controller-gen's vocabulary for its crd and object generators:
// one API group in one to three versions, each with the same kinds (root
// types with TypeMeta, ObjectMeta, a spec and maybe a status, and their
// lists), and the +kubebuilder markers real APIs use, with values that
// agree with each other (a default inside its bounds, a list map key that
// is required).
var CRD = &Dialect{
	Name:  "crd",
	Build: buildCRD,
	Mutations: []Mutator{
		Misspelt("kubebuilder:"),
		BadValue("kubebuilder:"),
	},
}

const kb = "+kubebuilder:"

// crdKind is one kind, the same in every version.
type crdKind struct {
	name     string
	resource string // its +kubebuilder:resource marker, "" for none
	storage  string // the version that stores it
}

func buildCRD(g *G) {
	// Floats and arrays make controller-gen stop: now and then.
	g.Shapes = Shapes{Floats: g.Chance(0.05), Arrays: g.Chance(0.05), Embedded: true, Aliases: true, CoreV1: g.Chance(0.1)}
	g.FieldMarkers = crdFieldMarkers
	g.TypeMarkers = crdTypeMarkers
	group := g.API.Root + ".fuzz.example"
	if g.Chance(0.3) {
		p := g.Package(Shared)
		p.Doc = []string{"Package shared holds types the versions use.", kb + "object:generate=true"}
		for range 1 + g.R.Intn(2) {
			g.Struct(p, g.Name(""), 1+g.R.Intn(4), 1)
		}
	}
	versions := []string{"v1", "v1beta1", "v2alpha1"}[:1+g.R.Intn(3)]
	kinds := make([]*crdKind, 1+g.R.Intn(2))
	for i := range kinds {
		k := &crdKind{name: g.Name(Pick(g, kindNames...)), storage: Pick(g, versions...)}
		if g.Chance(0.5) {
			k.resource = g.resourceMarker(k.name)
		}
		if len(versions) > 1 && g.Chance(0.03) {
			k.storage = "" // upstream stops: no storage version
		}
		kinds[i] = k
	}
	for _, v := range versions {
		p := g.Package(v)
		p.Group = group
		p.Doc = []string{fmt.Sprintf("Package %s is version %s of the group.", v, v), kb + "object:generate=true", "+groupName=" + group}
		for _, k := range kinds {
			g.crdKind(p, k, len(versions) > 1)
		}
	}
}

func (g *G) resourceMarker(kind string) string {
	var args []string
	if g.Chance(0.4) {
		args = append(args, "scope="+Pick(g, "Cluster", "Namespaced"))
	}
	if g.Chance(0.4) {
		short := strings.ToLower(kind[:2])
		args = append(args, "shortName="+short+";"+short+"x")
	}
	if g.Chance(0.3) {
		args = append(args, "categories=all;fuzz")
	}
	if g.Chance(0.2) {
		args = append(args, "singular="+strings.ToLower(kind))
	}
	if len(args) == 0 {
		return ""
	}
	return kb + "resource:" + strings.Join(args, ",")
}

// crdKind adds kind k with its spec, status and list to version package p.
func (g *G) crdKind(p *Package, k *crdKind, several bool) {
	spec := g.Struct(p, k.name+"Spec", 1+g.R.Intn(5), 2)
	root := &Type{Name: k.name, Kind: Struct, Root: true, Doc: []string{k.name + " is a kind.", kb + "object:root=true"},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`},
			// controller-gen makes a CRD only of a kind that embeds it.
			{Type: Named(MetaV1, "ObjectMeta"), Tag: `json:"metadata,omitempty"`},
			{Name: "Spec", Type: g.Ref(p, spec), Tag: `json:"spec,omitempty"`},
		}}
	var status *Type
	if g.Chance(0.6) {
		status = g.Struct(p, k.name+"Status", 1+g.R.Intn(3), 1)
		root.Fields = append(root.Fields, &Field{Name: "Status", Type: g.Ref(p, status), Tag: `json:"status,omitempty"`})
		if g.Chance(0.7) {
			root.Doc = append(root.Doc, kb+"subresource:status")
		}
		if g.Chance(0.15) {
			g.scale(spec, status, root)
		}
	}
	if k.resource != "" {
		root.Doc = append(root.Doc, k.resource)
	}
	if several && k.storage == p.Name {
		root.Doc = append(root.Doc, kb+"storageversion")
	}
	if several && k.storage != p.Name {
		switch r := g.R.Intn(20); {
		case r < 2:
			root.Doc = append(root.Doc, kb+"deprecatedversion:warning=\"use "+k.storage+"\"")
		case r < 3:
			root.Doc = append(root.Doc, kb+"unservedversion")
		case r < 4:
			root.Doc = append(root.Doc, kb+"skipversion")
		}
	}
	if g.Chance(0.05) {
		root.Doc = append(root.Doc, kb+`metadata:annotations="fuzz.example/owner=team"`, kb+`metadata:labels="fuzz.example/tier=gold"`)
	}
	g.printColumns(spec, root)
	p.Types = append(p.Types, root)
	p.Types = append(p.Types, &Type{Name: k.name + "List", Kind: Struct, Root: true,
		Doc: []string{k.name + "List is a list.", kb + "object:root=true"},
		Fields: []*Field{
			{Type: Named(MetaV1, "TypeMeta"), Tag: `json:",inline"`},
			{Type: Named(MetaV1, "ListMeta"), Tag: `json:"metadata,omitempty"`},
			{Name: "Items", Type: SliceOf(g.Ref(p, root)), Tag: `json:"items"`},
		}})
}

// scale adds the replica counts and selector of a scale subresource.
func (g *G) scale(spec, status, root *Type) {
	spec.Fields = append(spec.Fields, &Field{Name: "Replicas", Type: Ptr(Builtin("int32")), Tag: `json:"replicas,omitempty"`, Doc: []string{"+optional"}})
	status.Fields = append(status.Fields,
		&Field{Name: "Replicas", Type: Builtin("int32"), Tag: `json:"replicas"`},
		&Field{Name: "Selector", Type: Builtin("string"), Tag: `json:"selector,omitempty"`, Doc: []string{"+optional"}})
	root.Doc = append(root.Doc, kb+"subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector")
}

// printColumns adds printer columns for some scalar fields of spec.
func (g *G) printColumns(spec *Type, root *Type) {
	for _, f := range spec.Fields {
		if f.Name == "" || f.Type.Kind != Ident || g.R.Intn(4) != 0 {
			continue
		}
		col := map[string]string{"string": "string", "bool": "boolean", "int32": "integer", "int64": "integer", "int": "integer"}[f.Type.Name]
		if col == "" || f.Type.Pkg != "" {
			continue
		}
		m := fmt.Sprintf(`%sprintcolumn:name="%s",type=%s,JSONPath=".spec.%s"`, kb, f.Name, col, jsonNameOf(f))
		if g.Chance(0.3) {
			m += fmt.Sprintf(",priority=%d", g.R.Intn(2))
		}
		if g.Chance(0.3) {
			m += `,description="the ` + strings.ToLower(f.Name) + `"`
		}
		root.Doc = append(root.Doc, m)
	}
	if g.Chance(0.2) {
		root.Doc = append(root.Doc, kb+`printcolumn:name="Age",type=date,JSONPath=".metadata.creationTimestamp"`)
	}
	for _, f := range spec.Fields {
		if f.Name != "" && f.Type.Kind == Ident && f.Type.Pkg == "" && (f.Type.Name == "string" || f.Type.Name == "bool") && g.Chance(0.1) {
			root.Doc = append(root.Doc, fmt.Sprintf("%sselectablefield:JSONPath=`.spec.%s`", kb, jsonNameOf(f)))
		}
	}
}

// crdTypeMarkers marks a named type: enums and bounds on named scalars,
// list and map types on named collections, atomic structs and CEL rules.
func crdTypeMarkers(g *G, p *Package, t *Type) {
	switch kind := g.API.SchemaKind(&Expr{Pkg: g.API.ImportPath(p), Name: t.Name}); {
	case t.Kind == Alias:
	case kind == "string" && t.Kind == Defined:
		var vals []string
		for _, c := range p.Consts {
			if c.Type == t.Name {
				vals = append(vals, strings.Trim(c.Value, `"`))
			}
		}
		if len(vals) > 0 && g.Chance(0.4) {
			t.Doc = append(t.Doc, kb+"validation:Enum="+strings.Join(vals, ";"))
		} else if g.Chance(0.2) {
			t.Doc = append(t.Doc, kb+"validation:MaxLength=32")
		}
	case kind == "integer" && t.Kind == Defined && g.Chance(0.2):
		t.Doc = append(t.Doc, kb+"validation:Minimum=0")
	case kind == "array" && g.Chance(0.3):
		t.Doc = append(t.Doc, Pick(g, "+listType=set", "+listType=atomic", kb+"validation:MaxItems=10"))
	case kind == "map" && g.Chance(0.3):
		t.Doc = append(t.Doc, Pick(g, "+mapType=atomic", "+mapType=granular", kb+"validation:MaxProperties=10"))
	case kind == "object" && t.Kind == Struct:
		if g.Chance(0.05) {
			t.Doc = append(t.Doc, "+structType=atomic")
		}
		if g.Chance(0.05) {
			t.Doc = append(t.Doc, objectRule(t)...)
		}
	}
}

func jsonNameOf(f *Field) string {
	tag := strings.TrimPrefix(f.Tag, `json:"`)
	name, _, _ := strings.Cut(tag, ",")
	return strings.TrimSuffix(name, `"`)
}

// SchemaKind is the OpenAPI type of values of e in a CRD: string, integer,
// number, boolean, array, map, object, or a name for apimachinery's types
// with schemas of their own (time, quantity, intorstring, raw, selector,
// duration, conditions, bytes).
func (a *API) SchemaKind(e *Expr) string {
	switch e.Kind {
	case Pointer:
		return a.SchemaKind(e.Elem)
	case Slice:
		if e.Elem.Kind == Ident && e.Elem.Name == "byte" && e.Elem.Pkg == "" {
			return "bytes"
		}
		if e.Elem.Pkg == MetaV1 && e.Elem.Name == "Condition" {
			return "conditions"
		}
		return "array"
	case Array:
		return "array"
	case Map:
		return "map"
	}
	switch e.Pkg {
	case "":
		switch {
		case e.Name == "string":
			return "string"
		case e.Name == "bool":
			return "boolean"
		case strings.HasPrefix(e.Name, "float"):
			return "number"
		}
		return "integer"
	case MetaV1:
		return map[string]string{"Time": "time", "LabelSelector": "selector", "Duration": "duration"}[e.Name]
	case Resource:
		return "quantity"
	case IntStr:
		return "intorstring"
	case Runtime:
		return "raw"
	}
	_, t := a.Lookup(e)
	switch {
	case t == nil:
		return "object"
	case t.Kind == Defined || t.Kind == Alias:
		return a.SchemaKind(t.Of)
	}
	return "object"
}

// crdFieldMarkers marks field f of owner: optional or required, and the
// validation, default and list markers that fit its type.
func crdFieldMarkers(g *G, owner *Type, f *Field) {
	if f.Name == "" {
		return
	}
	kind := g.API.SchemaKind(f.Type)
	switch r := g.R.Intn(20); {
	case r < 13:
		f.Doc = append(f.Doc, Pick(g, "+optional", "+optional", kb+"validation:Optional"))
	case r < 17:
		f.Doc = append(f.Doc, Pick(g, "+required", kb+"validation:Required"))
		f.Tag = strings.Replace(f.Tag, ",omitempty", "", 1)
	}
	if f.Type.Kind == Pointer && g.Chance(0.2) {
		f.Doc = append(f.Doc, "+nullable")
	}
	named := f.Type.Kind == Ident && f.Type.Pkg != "" || f.Type.Kind == Pointer && f.Type.Elem.Pkg != ""
	switch kind {
	case "string":
		f.Doc = append(f.Doc, g.stringMarkers(!named)...)
	case "integer":
		if !named {
			f.Doc = append(f.Doc, g.intMarkers(f.Type)...)
		}
	case "boolean":
		if g.Chance(0.15) && !named {
			f.Doc = append(f.Doc, fmt.Sprintf("%sdefault=%v", kb, g.Chance(0.5)))
		}
	case "number":
		if g.Chance(0.3) {
			f.Doc = append(f.Doc, kb+"validation:Minimum=0.5", kb+"validation:Maximum=100.25")
		}
	case "array":
		f.Doc = append(f.Doc, g.listMarkers(f)...)
	case "map":
		if g.Chance(0.15) {
			f.Doc = append(f.Doc, kb+"validation:MinProperties=0", fmt.Sprintf("%svalidation:MaxProperties=%d", kb, 5+g.R.Intn(10)))
		}
	case "object":
		f.Doc = append(f.Doc, g.objectMarkers(f)...)
	case "intorstring":
		if g.Chance(0.2) {
			f.Doc = append(f.Doc, kb+"validation:XIntOrString")
		}
	case "raw":
		if g.Chance(0.5) {
			f.Doc = append(f.Doc, Pick(g, kb+"pruning:PreserveUnknownFields", kb+"validation:XPreserveUnknownFields"))
		}
		if g.Chance(0.3) {
			f.Doc = append(f.Doc, kb+"validation:EmbeddedResource")
		}
	}
	if g.Chance(0.03) {
		f.Doc = append(f.Doc, kb+"validation:XValidation:rule=\"true\",message=\"always\"")
	}
	if g.Chance(0.02) {
		f.Doc = append(f.Doc, kb+"title="+f.Name)
	}
}

func (g *G) stringMarkers(withDefault bool) []string {
	var out []string
	def := ""
	switch g.R.Intn(8) {
	case 0:
		lo, hi := g.R.Intn(3), 5+g.R.Intn(60)
		out = append(out, fmt.Sprintf("%svalidation:MinLength=%d", kb, lo), fmt.Sprintf("%svalidation:MaxLength=%d", kb, hi))
		def = strings.Repeat("x", lo+1)
	case 1:
		out = append(out, kb+"validation:Pattern=`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`")
		def = "abc"
	case 2:
		vals := []string{"Red", "Green", "Blue"}[:1+g.R.Intn(3)]
		out = append(out, kb+"validation:Enum="+strings.Join(vals, ";"))
		def = Pick(g, vals...)
	case 3:
		out = append(out, kb+"validation:Format="+Pick(g, "date-time", "hostname", "uri", "email", "uuid", "ipv4"))
	case 4:
		out = append(out, fmt.Sprintf("%svalidation:MaxLength=%d", kb, 64), kb+`validation:XValidation:rule="self.size() <= 64",message="too long"`)
		def = "short"
	default:
		def = "plain"
	}
	if withDefault && def != "" && g.Chance(0.2) {
		out = append(out, kb+"default="+Pick(g, def, fmt.Sprintf("%q", def)))
	}
	if g.Chance(0.05) {
		out = append(out, kb+"example="+def)
	}
	return out
}

// intBounds are the values of Go's integer types.
func intBounds(name string) (int64, int64) {
	switch name {
	case "int8":
		return -128, 127
	case "int16":
		return -32768, 32767
	case "uint16":
		return 0, 65535
	case "byte", "uint8":
		return 0, 255
	case "uint", "uint32", "uint64":
		return 0, 1 << 31
	}
	return -1 << 31, 1<<31 - 1
}

func (g *G) intMarkers(e *Expr) []string {
	if e.Kind == Pointer {
		e = e.Elem
	}
	tmin, tmax := intBounds(e.Name)
	lo := max(tmin, int64(g.R.Intn(50)-10))
	hi := min(tmax, lo+int64(10+g.R.Intn(100)))
	var out []string
	def := lo
	switch g.R.Intn(6) {
	case 0:
		out = append(out, fmt.Sprintf("%svalidation:Minimum=%d", kb, lo), fmt.Sprintf("%svalidation:Maximum=%d", kb, hi))
		if g.Chance(0.3) {
			out = append(out, kb+"validation:ExclusiveMaximum=true")
		}
	case 1:
		out = append(out, fmt.Sprintf("%svalidation:Minimum=%d", kb, lo))
		def = lo + 1
	case 2:
		k := int64(2 + g.R.Intn(4))
		out = append(out, fmt.Sprintf("%svalidation:MultipleOf=%d", kb, k))
		def = k * max(1, tmin/k)
		if tmin >= 0 {
			def = k
		}
	case 3:
		out = append(out, fmt.Sprintf("%svalidation:Enum=%d;%d", kb, lo, hi))
	case 4:
		out = append(out, kb+`validation:XValidation:rule="self >= -2147483648",message="in range"`)
	}
	if g.Chance(0.2) {
		out = append(out, fmt.Sprintf("%sdefault=%d", kb, def))
	}
	return out
}

func (g *G) listMarkers(f *Field) []string {
	var out []string
	if g.Chance(0.2) {
		out = append(out, fmt.Sprintf("%svalidation:MinItems=%d", kb, g.R.Intn(2)), fmt.Sprintf("%svalidation:MaxItems=%d", kb, 3+g.R.Intn(20)))
	}
	t := f.Type
	if t.Kind == Pointer {
		t = t.Elem
	}
	if t.Kind != Slice {
		return out
	}
	elem := t.Elem
	out = append(out, g.listType(elem, func(string) []string { return nil })...)
	if elem.Kind == Ident && elem.Pkg == "" && elem.Name == "string" && g.Chance(0.2) {
		out = append(out, kb+"validation:items:MaxLength=12")
	}
	return out
}

// listType is a +listType for a list of elem, or none: atomic, set for
// scalars, or map keyed by a field mapKey makes required, followed by
// what mapped adds for the key.
func (g *G) listType(elem *Expr, mapped func(key string) []string) []string {
	switch ek := g.API.SchemaKind(elem); {
	case g.Chance(0.15):
		return []string{"+listType=atomic"}
	case (ek == "string" || ek == "integer") && elem.Kind == Ident && g.Chance(0.3):
		return []string{"+listType=set"}
	case ek == "object" && elem.Kind == Ident && g.Chance(0.4):
		if key := g.mapKey(elem); key != "" {
			return append([]string{"+listType=map", "+listMapKey=" + key}, mapped(key)...)
		}
	}
	return nil
}

// mapKey makes a string field of struct elem required, in the CRD
// vocabulary, to key a list map, and returns its JSON name; "" if elem has
// none.
func (g *G) mapKey(elem *Expr) string {
	return g.keyField(elem, "+required", func(l string) bool {
		return l == "+optional" || l == kb+"validation:Optional" || strings.HasPrefix(l, kb+"default")
	})
}

// keyField makes the first string field of struct elem required, with the
// marker required and without the lines optional matches, dropping its
// omitempty, and returns its JSON name; "" if elem has none.
func (g *G) keyField(elem *Expr, required string, optional func(string) bool) string {
	_, t := g.API.Lookup(elem)
	if t == nil || t.Kind != Struct {
		return ""
	}
	for _, f := range t.Fields {
		if f.Name == "" || f.Type.Kind != Ident || f.Type.Pkg != "" || f.Type.Name != "string" {
			continue
		}
		f.Tag = strings.Replace(f.Tag, ",omitempty", "", 1)
		f.Doc = slices.DeleteFunc(f.Doc, optional)
		if !slices.Contains(f.Doc, required) {
			f.Doc = append(f.Doc, required)
		}
		return jsonNameOf(f)
	}
	return ""
}

func (g *G) objectMarkers(f *Field) []string {
	if !g.Chance(0.15) {
		return nil
	}
	_, t := g.API.Lookup(derefExpr(f.Type))
	if t == nil || t.Kind != Struct {
		return nil
	}
	if g.Chance(0.3) && allOptional(t) {
		return []string{kb + "default={}"}
	}
	return objectRule(t)
}

// objectRule is a CEL rule on struct t that names one of its fields.
func objectRule(t *Type) []string {
	for _, sf := range t.Fields {
		if sf.Name != "" {
			n := jsonNameOf(sf)
			return []string{fmt.Sprintf(`%svalidation:XValidation:rule="has(self.%s) || !has(self.%s)",message="checks %s"`, kb, n, n, n)}
		}
	}
	return nil
}

func derefExpr(e *Expr) *Expr {
	if e.Kind == Pointer {
		return e.Elem
	}
	return e
}

// allOptional reports whether every field of struct t may be left out, so
// that {} is a valid value of it.
func allOptional(t *Type) bool {
	for _, f := range t.Fields {
		if f.Name != "" && !strings.Contains(f.Tag, "omitempty") || f.Name == "" && f.Tag != `json:",inline"` {
			return false
		}
	}
	return true
}

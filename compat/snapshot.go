package compat

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// api is what one revision serves: its group-versions, keyed "group/version".
type api struct {
	versions map[string]*version
}

// version is one package of API types.
type version struct {
	gv    string
	group string
	name  string // v1, v1beta2, ...
	pos   token.Position
	types map[string]*typ
	kinds []string // sorted
	// genclient: some kind of the package carries +genclient, so kinds
	// without it are not REST resources of their own.
	genclient bool
}

// typ is a named type declared in a version's package.
type typ struct {
	name       string
	pos        token.Position
	shape      string   // the JSON shape of the type itself
	fields     []*field // for structs
	enum       map[string]token.Position
	marks      semantics // type-level list/map/struct markers
	tombstones map[int]string
	kind       bool
	genclient  bool // +genclient: a REST resource with a client
	storage    bool
	lifecycle  map[string]string // introduced, deprecated, removed
}

// semantics are the server-side apply and patch markers of a field or type.
type semantics struct {
	listType, listMapKeys, mapType, structType, patchStrategy, patchMergeKey string
}

// field is one field of a struct, as JSON sees it.
type field struct {
	goName    string
	json      string // the JSON name; ",inline:<GoName>" for inlined fields
	pos       token.Position
	omitempty bool
	pointer   bool
	shape     string
	elem      string // the local struct type values lead to, through pointers, slices and maps
	container string // "list", "map", "struct" or "" (for scalars)
	required  bool
	marked    string  // "required" or "optional" when a marker says so, else ""
	def       *string // the normalized default, if any
	valid     validation
	marks     semantics
	protobuf  int
	gates     []string
	typ       *types.Type
	tags      string
}

// snapshot reads the API versions among the model's packages: those whose
// package name is a Kubernetes version.
func snapshot(m *model.Model) *api {
	a := &api{versions: map[string]*version{}}
	for _, p := range m.Packages {
		if !p.IsVersion() {
			continue
		}
		v := readVersion(m, p)
		a.versions[v.gv] = v
	}
	return a
}

func readVersion(m *model.Model, p *model.Package) *version {
	group := groupOf(p)
	gv := group + "/" + p.Name
	if group == "" {
		gv = p.Name // the core group, spelt as its apiVersion is
	}
	v := &version{gv: gv, group: group, name: p.Name, types: map[string]*typ{}}
	if len(p.Source.GoFiles) > 0 {
		v.pos = token.Position{Filename: p.Source.GoFiles[0], Line: 1}
	}
	tombs := tombstones(m, p)
	for name, t := range p.Types {
		if !token.IsExported(name) || m.Position(t).Filename == "" {
			continue
		}
		ty := readType(m, p, t)
		ty.tombstones = tombs[name]
		v.types[name] = ty
		if ty.kind {
			v.kinds = append(v.kinds, name)
		}
		v.genclient = v.genclient || ty.genclient
	}
	sort.Strings(v.kinds)
	addEnums(m, p, v)
	return v
}

// groupOf returns the API group of a package: its +groupName, else the
// value of its GroupName constant (as k8s.io/api's register.go files
// declare it), else the import path of its parent directory.
func groupOf(p *model.Package) string {
	if name, ok := markers.GroupName.Get(p.Markers); ok {
		return name
	}
	if c := p.Constants["GroupName"]; c != nil && c.ConstValue != nil {
		return *c.ConstValue
	}
	return path.Dir(p.Path)
}

// lifecycleMarkers are the releases of a type, by key.
var lifecycleMarkers = map[string]markers.Def[markers.Release]{
	"introduced": markers.Introduced, "deprecated": markers.Deprecated, "removed": markers.Removed,
}

func readType(m *model.Model, p *model.Package, t *types.Type) *typ {
	marks := m.Markers(t)
	lines := append(append([]string{}, t.SecondClosestCommentLines...), t.CommentLines...)
	ty := &typ{name: t.Name.Name, pos: m.Position(t), shape: shapeOf(t, p.Path, true), marks: readSemantics(marks, "")}
	// controller-gen's markers are read from the text, as the crd
	// generator that defines them is not imported.
	ty.storage = hasLine(lines, "+kubebuilder:storageversion")
	ty.lifecycle = map[string]string{}
	for k, d := range lifecycleMarkers {
		if v, ok := d.Get(marks); ok {
			ty.lifecycle[k] = v.String()
		}
	}
	if t.Kind != types.Struct {
		return ty
	}
	genclient := markers.GenClient.Has(marks)
	ty.genclient = genclient || hasLine(lines, "+genclient")
	ty.kind = ty.genclient
	for i, mem := range t.Members {
		if mem.Embedded && mem.Type.Name.Name == "TypeMeta" {
			ty.kind = true
		}
		if f := readField(m, p, t, i); f != nil {
			ty.fields = append(ty.fields, f)
		}
	}
	return ty
}

func readField(m *model.Model, p *model.Package, t *types.Type, i int) *field {
	mem := t.Members[i]
	tag := reflect.StructTag(mem.Tags)
	jsonTag, hasJSON := tag.Lookup("json")
	name, opts, _ := strings.Cut(jsonTag, ",")
	if name == "-" || !token.IsExported(mem.Name) && !mem.Embedded {
		return nil
	}
	f := &field{goName: mem.Name, json: name, pos: m.FieldPosition(t, i), typ: mem.Type, tags: mem.Tags}
	inline := strings.Contains(","+opts+",", ",inline,") || mem.Embedded && (!hasJSON || name == "")
	if inline {
		f.json = ",inline:" + mem.Name
	} else if name == "" {
		f.json = mem.Name
	}
	f.omitempty = strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
	ft := mem.Type
	f.pointer = ft.Kind == types.Pointer
	f.shape = sameModule(shapeOf(ft, p.Path, false), p)
	f.elem, f.container = elemOf(ft, p.Path)
	f.protobuf = protobufNumber(tag.Get("protobuf"))
	f.readMarkers(m, p, m.FieldMarkers(t, i), mem.CommentLines, inline)
	return f
}

// readMarkers reads what the field's markers, and those of its named
// type, say about merging, requiredness, defaults, validation and gates.
func (f *field) readMarkers(m *model.Model, p *model.Package, marks markers.Set, lines []string, inline bool) {
	local := named(f.typ)
	if local != nil && local.Name.Package != p.Path {
		local = nil
	}
	f.marks = readSemantics(marks, f.tags).or(declarativeLists(lines))
	if local != nil && f.container != "struct" {
		// A named list or map type carries its markers itself.
		f.marks = f.marks.or(readSemantics(m.Markers(local), ""))
	}
	f.marks = f.marks.normalize(f.container)
	f.required, f.marked = isRequired(marks, lines, f, inline)
	f.def = readDefault(marks, lines)
	f.valid = readValidation(lines)
	if local != nil {
		f.valid = f.valid.or(readValidation(append(append([]string{}, local.SecondClosestCommentLines...), local.CommentLines...)))
	}
	for _, d := range []markers.Def[[]string]{markers.FeatureGate, markers.K8sFeatureGate} {
		for _, gates := range d.All(marks) {
			f.gates = append(f.gates, gates...)
		}
	}
}

// isRequired says whether a request must give the field, and which
// marker says so: +required (in any spelling) says so, +optional says
// not, and otherwise a field that is neither omitempty nor a pointer is
// always written, so required.
func isRequired(marks markers.Set, lines []string, f *field, inline bool) (bool, string) {
	unwrapped, _ := unwrap(lines)
	req := markers.Required.Has(marks) || hasUnwrapped(unwrapped, "+k8s:required") || hasUnwrapped(unwrapped, "+kubebuilder:validation:Required")
	opt := markers.Optional.Has(marks) || hasUnwrapped(unwrapped, "+k8s:optional") || hasUnwrapped(unwrapped, "+kubebuilder:validation:Optional")
	switch {
	case inline:
		return false, ""
	case req:
		return true, "required"
	case opt:
		return false, "optional"
	}
	return !f.omitempty && !f.pointer, ""
}

func hasLine(lines []string, marker string) bool {
	unwrapped, _ := unwrap(lines)
	return hasUnwrapped(unwrapped, marker)
}

// hasUnwrapped is hasLine over lines unwrap has already unwrapped.
func hasUnwrapped(unwrapped []string, marker string) bool {
	for _, l := range unwrapped {
		l = strings.TrimSpace(l)
		if l == marker || strings.HasPrefix(l, marker+"=") {
			return true
		}
	}
	return false
}

// readDefault returns the field's +default (or +kubebuilder:default) as
// compact JSON, or the ref(...) text.
func readDefault(marks markers.Set, lines []string) *string {
	raw := ""
	if dv, ok := markers.Default.Get(marks); ok {
		raw = dv.Raw
	} else {
		for _, l := range lines {
			if text, ok := strings.CutPrefix(strings.TrimSpace(l), "+"); ok {
				if args, ok := markers.KubebuilderDefault.Read(text); ok {
					b, _ := json.Marshal(args[""])
					raw = string(b)
				}
			}
		}
	}
	if raw == "" {
		return nil
	}
	s := compactJSON(raw)
	return &s
}

func readSemantics(marks markers.Set, tags string) semantics {
	get := func(d markers.Def[string]) string { return strings.Join(d.All(marks), ",") }
	s := semantics{
		listType: get(markers.ListType), listMapKeys: get(markers.ListMapKey), mapType: get(markers.MapType),
		structType: get(markers.StructType), patchStrategy: get(markers.PatchStrategy), patchMergeKey: get(markers.PatchMergeKey),
	}
	tag := reflect.StructTag(tags)
	if v := tag.Get("patchStrategy"); v != "" {
		s.patchStrategy = v
	}
	if v := tag.Get("patchMergeKey"); v != "" {
		s.patchMergeKey = v
	}
	return s
}

// declarativeLists reads declarative validation's +k8s:listType and
// +k8s:listMapKey, which openapi-gen and controller-gen read as well.
func declarativeLists(lines []string) semantics {
	var s semantics
	var keys []string
	unwrapped, _ := unwrap(lines)
	for _, l := range unwrapped {
		if v, ok := strings.CutPrefix(l, "+k8s:listType="); ok {
			s.listType = strings.TrimSpace(v)
		}
		if v, ok := strings.CutPrefix(l, "+k8s:listMapKey="); ok {
			keys = append(keys, strings.TrimSpace(v))
		}
	}
	s.listMapKeys = strings.Join(keys, ",")
	return s
}

// or fills what s leaves empty from t.
func (s semantics) or(t semantics) semantics {
	pick := func(a, b string) string {
		if a != "" {
			return a
		}
		return b
	}
	return semantics{pick(s.listType, t.listType), pick(s.listMapKeys, t.listMapKeys), pick(s.mapType, t.mapType),
		pick(s.structType, t.structType), pick(s.patchStrategy, t.patchStrategy), pick(s.patchMergeKey, t.patchMergeKey)}
}

// normalize spells out what an absent marker means: lists are atomic,
// maps and structs granular.
func (s semantics) normalize(container string) semantics {
	switch container {
	case "list":
		if s.listType == "" {
			s.listType = "atomic"
		}
	case "map":
		if s.mapType == "" {
			s.mapType = "granular"
		}
	case "struct":
		if s.structType == "" {
			s.structType = "granular"
		}
	}
	return s
}

// protobufNumber reads the field number of a protobuf struct tag,
// "bytes,1,opt,name=x".
func protobufNumber(tag string) int {
	parts := strings.Split(tag, ",")
	if len(parts) < 2 {
		return 0
	}
	n, _ := strconv.Atoi(parts[1])
	return n
}

// sameModule writes the types of p's own module as "./path.Name", so that
// two copies of a module under different paths compare equal.
func sameModule(shape string, p *model.Package) string {
	if p.Source.Module == nil || p.Source.Module.Path == "" {
		return shape
	}
	return strings.ReplaceAll(shape, "("+p.Source.Module.Path+"/", "(./")
}

// named returns the named type t is, or points to.
func named(t *types.Type) *types.Type {
	for t.Kind == types.Pointer {
		t = t.Elem
	}
	if t.Name.Package == "" {
		return nil
	}
	return t
}

// elemOf returns the local named type that t leads to (a struct, or an
// enum's string type) and what kind of container t is.
func elemOf(t *types.Type, pkg string) (string, string) {
	local := func(x *types.Type) bool { return x.Name.Package == pkg && x.Name.Name != "" }
	for t.Kind == types.Pointer {
		t = t.Elem
	}
	u := t
	if u.Kind == types.Alias {
		u = u.Underlying
	}
	container := ""
	switch u.Kind {
	case types.Slice, types.Array:
		if u.Elem.Name.Name == "byte" {
			return "", ""
		}
		container, u = "list", u.Elem
	case types.Map:
		container, u = "map", u.Elem
	case types.Struct:
		container = "struct"
	default:
		u = t
	}
	for u.Kind == types.Pointer {
		u = u.Elem
	}
	if local(u) {
		return u.Name.Name, container
	}
	return "", container
}

// wellKnown are types of other packages whose JSON form is not an object.
var wellKnown = map[string]string{
	"k8s.io/apimachinery/pkg/apis/meta/v1.Time":          "string(date-time)",
	"k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime":     "string(date-time)",
	"k8s.io/apimachinery/pkg/apis/meta/v1.Duration":      "string",
	"k8s.io/apimachinery/pkg/util/intstr.IntOrString":    "int-or-string",
	"k8s.io/apimachinery/pkg/api/resource.Quantity":      "int-or-string",
	"k8s.io/apimachinery/pkg/runtime.RawExtension":       "object",
	"k8s.io/apimachinery/pkg/apis/meta/v1.FieldsV1":      "object",
	"k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta":    "object",
	"k8s.io/apimachinery/pkg/apis/meta/v1.TypeMeta":      "object",
	"k8s.io/apimachinery/pkg/apis/meta/v1.ListMeta":      "object",
	"k8s.io/apimachinery/pkg/apis/meta/v1.Condition":     "object",
	"k8s.io/apimachinery/pkg/apis/meta/v1.LabelSelector": "object",
}

// shapeOf is t as JSON sees it: "string", "integer", "[]object", ... Local
// struct types are "object" (their fields are compared on their own);
// other packages' structs keep their name, since nothing looks inside.
// Pointers do not change the shape.
func shapeOf(t *types.Type, pkg string, decl bool) string {
	switch t.Kind {
	case types.Pointer:
		return shapeOf(t.Elem, pkg, false)
	case types.Alias:
		if s, ok := wellKnown[t.Name.String()]; ok {
			return s
		}
		return shapeOf(t.Underlying, pkg, false)
	case types.Slice, types.Array:
		if t.Elem.Name.Name == "byte" && t.Elem.Name.Package == "" {
			return "string(bytes)"
		}
		return "[]" + shapeOf(t.Elem, pkg, false)
	case types.Map:
		return "map[" + shapeOf(t.Key, pkg, false) + "]" + shapeOf(t.Elem, pkg, false)
	case types.Struct:
		if s, ok := wellKnown[t.Name.String()]; ok {
			return s
		}
		if t.Name.Package == pkg || t.Name.Package == "" || decl {
			return "object"
		}
		return "object(" + t.Name.String() + ")"
	case types.Interface:
		return "any"
	}
	if t.Name.Package == "" {
		return basicShape(t.Name.Name)
	}
	if s, ok := wellKnown[t.Name.String()]; ok {
		return s
	}
	return t.Name.String()
}

func basicShape(name string) string {
	switch {
	case name == "string":
		return "string"
	case name == "bool":
		return "boolean"
	case strings.HasPrefix(name, "int"), strings.HasPrefix(name, "uint"), name == "byte", name == "rune":
		return "integer"
	case strings.HasPrefix(name, "float"):
		return "number"
	}
	return name
}

// addEnums records the constants of each enum type (+enum or +k8s:enum).
func addEnums(m *model.Model, p *model.Package, v *version) {
	for name, t := range p.Types {
		ty := v.types[name]
		if ty == nil {
			continue
		}
		enum := markers.Enum.Has(m.Markers(t))
		if !enum && !hasLine(append(append([]string{}, t.SecondClosestCommentLines...), t.CommentLines...), "+k8s:enum") {
			continue
		}
		ty.enum = map[string]token.Position{}
		for _, c := range p.Constants {
			if c.Underlying == t && c.ConstValue != nil {
				ty.enum[*c.ConstValue] = m.Position(c)
			}
		}
	}
}

// tombstones reads the +k8s:deprecated=<name>,protobuf=<N> lines in the
// struct bodies of p, by type name.
func tombstones(m *model.Model, p *model.Package) map[string]map[int]string {
	out := map[string]map[int]string{}
	for _, f := range p.Source.Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return false
			}
			for _, g := range f.Comments {
				if g.Pos() < st.Fields.Opening || g.End() > st.Fields.Closing {
					continue
				}
				for _, c := range g.List {
					name, num, ok := parseTombstone(c.Text)
					if !ok {
						continue
					}
					if out[ts.Name.Name] == nil {
						out[ts.Name.Name] = map[int]string{}
					}
					out[ts.Name.Name][num] = name
				}
			}
			return false
		})
	}
	return out
}

var tombstoneLine = regexp.MustCompile(`^//\s*\+k8s:deprecated=([A-Za-z0-9_.\-]+),protobuf=([0-9]+)\s*$`)

// commentedField is a field declaration left in a comment when the field
// was removed, as Kubernetes sometimes does: its protobuf tag keeps the
// number, as a tombstone does.
var commentedField = regexp.MustCompile("^//\\s*[A-Z][A-Za-z0-9_]*\\s+\\S.*`.*protobuf:\"[a-z0-9]+,([0-9]+),[^\"]*name=([A-Za-z0-9_]+)")

// parseTombstone reads a tombstone comment line: +k8s:deprecated=<name>,
// protobuf=<N>, or a commented-out field declaration with a protobuf tag.
func parseTombstone(text string) (string, int, bool) {
	sub := tombstoneLine.FindStringSubmatch(text)
	if sub != nil {
		n, err := strconv.Atoi(sub[2])
		return sub[1], n, err == nil
	}
	if sub = commentedField.FindStringSubmatch(text); sub != nil {
		n, err := strconv.Atoi(sub[1])
		return sub[2], n, err == nil
	}
	return "", 0, false
}

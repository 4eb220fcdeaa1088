package openapi

import (
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"reflect"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/modelname"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

const commonPkg = "k8s.io/kube-openapi/pkg/common"

// callKind is how GetOpenAPIDefinitions gets a type's definition.
type callKind int

const (
	callSchemaFunc   callKind = iota // schema_<type>(ref)
	callDefinition                   // T{}.OpenAPIDefinition()
	callV3Definition                 // T{}.OpenAPIV3Definition()
	callBoth                         // both, the v2 one embedded into the v3 one
)

// funcKind is what the type's schema_ function builds.
type funcKind int

const (
	funcNone            funcKind = iota // the type supplies its definition itself
	funcObject                          // an object with the struct's properties
	funcTypeFormat                      // OpenAPISchemaType() and OpenAPISchemaFormat()
	funcTypeFormatV3                    // the above, embedded into OpenAPIV3Definition()
	funcTypeFormatOneOf                 // the above, and a v3 oneOf of OpenAPIV3OneOfTypes()
)

// definition is everything generated for one struct type: how it is
// listed, and the schema its function builds.
type definition struct {
	t        *types.Type
	pos      token.Position
	funcName string
	modelRef
	listed bool // exported, so listed in GetOpenAPIDefinitions
	call   callKind
	fn     funcKind

	desc       string
	validation spec.Schema // from the type's +k8s:validation: markers
	props      []*property
	required   []string
	ext        []extension
	refs       map[string]*types.Type // referenced struct types, by Go name
	deps       []dependency

	markers []*ValidationMarker
	rules   []Rule
}

// property is one property of an object schema.
type property struct {
	name       string
	ext        []extension
	desc       string
	jsonString bool // `json:",string"`: always a string
	def        *defaultValue
	validation spec.Schema
	value      *valueSchema
}

// defaultValue is a property's default: JSON data, or a Go constant.
type defaultValue struct {
	data any
	ref  *types.Name
}

// valueKind is the shape of a property's value.
type valueKind int

const (
	valueNone   valueKind = iota // an interface: anything
	valueSimple                  // a type and format
	valueArray
	valueMap
	valueRef // a reference to another definition
)

type valueSchema struct {
	kind        valueKind
	typ, format string
	enum        *enum
	ref         *types.Type
	modelRef                 // how ref is named
	elem        *valueSchema // items, or additional properties
}

// modelRef says how a type's definition is named: by the Go name of the
// type, or by T{}.OpenAPIModelName() (name is then what that returns).
type modelRef struct {
	useModelName bool
	modelName    string
}

// name is the definition's name: its key in GetOpenAPIDefinitions.
func (r modelRef) name(t *types.Type) string {
	if r.useModelName {
		return r.modelName
	}
	return t.Name.String()
}

// dependency is a definition that a definition refers to.
type dependency struct {
	t *types.Type
	modelRef
}

// builder computes definitions. One builder serves one run; its methods
// may run concurrently for different types.
type builder struct {
	m     *model.Model
	src   *source
	enums map[types.Name]*enum
	diags *diag.List
}

func (b *builder) errorf(pos token.Position, format string, args ...any) {
	b.diags.Errorf(pos, format, args...)
}

func (b *builder) warnf(pos token.Position, format string, args ...any) {
	b.diags.Warnf(pos, format, args...)
}

// selected reports whether upstream's filter picks struct t of a target
// package: the package or the type asks for it, and the type does not opt
// out.
func selected(m *model.Model, p *model.Package, t *types.Type) bool {
	if strings.HasPrefix(t.Name.Name, "codecSelfer") {
		return false
	}
	tm := m.DocMarkers(t)
	if hasGen(p.Markers, "true") {
		return !hasGen(tm, "false")
	}
	return hasGen(tm, "true")
}

// funcNamer names the schema_ functions: the type's name after the last
// four elements of its package path.
func funcNamer() *namer.NameStrategy {
	return &namer.NameStrategy{
		Join:                func(_ string, parts []string, _ string) string { return strings.Join(parts, "_") },
		PrependPackageNames: 4,
	}
}

// definition computes the definition of struct t.
func (b *builder) definition(t *types.Type, names *namer.NameStrategy) *definition {
	d := &definition{
		t:        t,
		pos:      b.m.Position(t),
		funcName: "schema_" + names.Name(t),
		listed:   !namer.IsPrivateGoName(t.Name.Name),
		refs:     map[string]*types.Type{},
	}
	d.useModelName, d.modelName = b.modelName(t)
	v2, v3 := hasDefinition(t, "OpenAPIDefinition"), hasDefinition(t, "OpenAPIV3Definition")
	typeFormat, oneOf := hasTypeFormat(t), hasStrings(t, "OpenAPIV3OneOfTypes")
	switch {
	case typeFormat:
		d.call = callSchemaFunc
	case v2 && v3:
		d.call = callBoth
	case v2:
		d.call = callDefinition
	case v3:
		d.call = callV3Definition
	}
	vt, ms := b.validations(b.src.typeLines(t), t)
	d.markers = ms
	d.rules = rulesOf(vt, nil)
	switch {
	case v2 && typeFormat:
		b.errorf(d.pos, "%s has both OpenAPIDefinition() and OpenAPISchemaType()/OpenAPISchemaFormat(); keep one", t.Name.Name)
		return d
	case v2 || v3 && !typeFormat:
		return d
	case typeFormat && v3:
		d.fn = funcTypeFormatV3
	case typeFormat && oneOf:
		d.fn = funcTypeFormatOneOf
	case typeFormat:
		d.fn = funcTypeFormat
	case oneOf:
		b.errorf(d.pos, "%s has OpenAPIV3OneOfTypes() but not OpenAPISchemaType() and OpenAPISchemaFormat(), which it needs", t.Name.Name)
		return d
	default:
		d.fn = funcObject
	}
	d.desc = description(t.CommentLines)
	d.validation = vt.validationSchema()
	if d.fn == funcObject {
		d.required = b.members(d, t, nil)
	}
	d.ext = extensionsOf(b.src.typeMarkers(t))
	if us := b.unions(t, d.pos); len(us) > 0 {
		d.ext = append(d.ext, unionsExtensionOf(us))
	}
	d.ext = append(d.ext, sortedExtensions(d.validation.Extensions)...)
	b.checkDuplicateExtensions(d.ext, d.pos)
	for _, k := range slices.Sorted(maps.Keys(d.refs)) {
		ref := d.refs[k]
		// Types with a built-in OpenAPI type (time.Time) need no definition.
		if typ, _ := common.OpenAPITypeFormat(ref.String()); typ != "" {
			continue
		}
		dep := dependency{t: ref}
		dep.useModelName, dep.modelName = b.modelName(ref)
		d.deps = append(d.deps, dep)
	}
	return d
}

// members adds the properties of struct t, and of the structs it inlines,
// to d, and returns the required ones appended to required.
func (b *builder) members(d *definition, t *types.Type, required []string) []string {
	t = resolvePointers(t)
	for i, m := range t.Members {
		ms := b.src.fieldMarkers(t, i)
		if hasGen(ms, "false") {
			continue
		}
		if inlined(&m) {
			required = b.members(d, m.Type, required)
			continue
		}
		name := referableName(&m)
		if name == "" {
			continue
		}
		opt, err := optional(ms, &m)
		if err != nil {
			_, req, _ := markers.Required.Lookup(ms)
			b.errorf(req.Pos, "%s.%s is marked both +%s and +%s; keep one", t.Name.Name, m.Name, markers.Optional.Name, markers.Required.Name)
		} else if !opt {
			required = append(required, name)
		}
		if p := b.property(d, t, i, name, ms); p != nil {
			d.props = append(d.props, p)
		}
	}
	return required
}

// property computes the property for field i of struct parent.
func (b *builder) property(d *definition, parent *types.Type, i int, name string, ms markers.Set) *property {
	m := &parent.Members[i]
	pos := b.src.fieldPos(parent, i)
	vt, vms := b.validations(b.src.fieldLines(parent, i), m.Type)
	d.markers = append(d.markers, vms...)
	d.rules = append(d.rules, rulesOf(vt, []string{"properties", name})...)
	b.checkPatchTags(m, parent, ms, pos)
	p := &property{name: name, validation: vt.validationSchema()}
	p.ext = append(extensionsOf(ms), sortedExtensions(p.validation.Extensions)...)
	b.checkDuplicateExtensions(p.ext, pos)
	b.checkLists(parent, m, ms, pos)
	lines := m.CommentLines
	if e := enumOf(b.enums, m.Type); e != nil {
		lines = append(slices.Clone(lines), e.descriptionLines()...)
	}
	p.desc = description(lines)
	if tags := jsonTags(m); len(tags) > 1 && tags[1] == "string" {
		p.jsonString = true
		return p
	}
	def, err := b.defaultOf(ms, m.Type, hasOmitempty(m), parent)
	if err != nil {
		b.errorf(pos, "default of %s.%s: %v", parent.Name.Name, m.Name, err)
	}
	p.def = def
	p.value = b.value(d, m.Type, true, func(format string, args ...any) {
		b.errorf(pos, "%s.%s: %s", parent.Name.Name, m.Name, fmt.Sprintf(format, args...))
	})
	return p
}

// value computes the schema of a value of type t. top is true for a
// property, where any Go type that has no schema is an error; inside
// lists and maps, only the kinds upstream handles are accepted.
func (b *builder) value(d *definition, t *types.Type, top bool, fail func(string, ...any)) *valueSchema {
	r := resolve(t)
	if typ, format := common.OpenAPITypeFormat(r.String()); typ != "" {
		return &valueSchema{kind: valueSimple, typ: typ, format: format, enum: enumOf(b.enums, t)}
	}
	switch r.Kind {
	case types.Builtin:
		fail("the Go type %v has no OpenAPI type", r)
	case types.Map:
		if key := resolve(r.Key); key.Name.Name != "string" {
			fail("map keys must be strings, not %v", r.Key)
			return nil
		}
		return &valueSchema{kind: valueMap, elem: b.value(d, r.Elem, false, fail)}
	case types.Slice, types.Array:
		return &valueSchema{kind: valueArray, elem: b.value(d, r.Elem, false, fail)}
	case types.Struct:
		d.refs[r.Name.String()] = r
		v := &valueSchema{kind: valueRef, ref: r}
		v.useModelName, v.modelName = b.modelName(r)
		return v
	case types.Interface:
		if top {
			return &valueSchema{kind: valueNone}
		}
		fail("list or map elements of kind %v have no schema", r.Kind)
	default:
		if top {
			fail("values of kind %v have no schema", r.Kind)
		} else {
			fail("list or map elements of kind %v have no schema", r.Kind)
		}
	}
	return nil
}

// resolve follows pointers and named non-struct types to the type that
// decides a value's schema.
func resolve(t *types.Type) *types.Type {
	for {
		switch t.Kind {
		case types.Alias:
			t = t.Underlying
		case types.Pointer:
			t = t.Elem
		default:
			return t
		}
	}
}

func resolvePointers(t *types.Type) *types.Type {
	for t.Kind == types.Pointer {
		t = t.Elem
	}
	return t
}

// defaultOf returns a field's default: its +default, or else the +default
// of the types it points to or names; a value that is never omitted
// defaults to its zero value, which +default may only repeat.
func (b *builder) defaultOf(ms markers.Set, t *types.Type, omitempty bool, parent *types.Type) (*defaultValue, error) {
	var raw string
	var found bool
	path := parent.Name.Package
	if dv, ok := markers.Default.Get(ms); ok {
		raw, found = dv.Raw, true
	}
	for cur := t; !found && cur != nil; {
		if dv, ok := markers.Default.Get(b.src.typeMarkers(cur)); ok {
			raw, found = dv.Raw, true
			path = cur.Name.Package
			break
		}
		switch cur.Kind {
		case types.Pointer:
			cur = cur.Elem
		case types.Alias:
			cur = cur.Underlying
		default:
			cur = nil
		}
	}
	var data any
	var ref *types.Name
	if found {
		if name, ok := markers.DefaultRef(raw); ok {
			if name.Package == "" {
				name.Package = path
			}
			ref = &name
		} else if err := json.Unmarshal([]byte(raw), &data); err != nil {
			return nil, fmt.Errorf("+default=%s is not JSON: %v", raw, err)
		}
	}
	zero, err := zeroDefault(t, omitempty)
	if err != nil {
		return nil, err
	}
	// A field that is always serialized defaults to its zero value; a
	// +default may only repeat it. (A ref(...) default is then dropped, as
	// upstream drops it.)
	if zero != nil {
		if data == nil {
			data = zero
		} else if !reflect.DeepEqual(data, zero) {
			want, _ := json.Marshal(zero)
			return nil, fmt.Errorf("+default=%s on a field that is never omitted (no pointer, no omitempty): its default is its zero value, %s", raw, want)
		}
	}
	switch {
	case data != nil:
		return &defaultValue{data: data}, nil
	case ref != nil:
		return &defaultValue{ref: ref}, nil
	}
	return nil, nil
}

// zeroDefault is the default a value of type t always has because it is
// serialized even when empty, or nil.
func zeroDefault(t *types.Type, omitempty bool) (any, error) {
	if unmarshalsItself(t) {
		// Such types decode null themselves, so their zero value is null.
		return nil, nil
	}
	switch t.Kind {
	case types.Alias:
		return zeroDefault(t.Underlying, omitempty)
	case types.Pointer, types.Map, types.Slice, types.Array, types.Interface:
		return nil, nil
	case types.Struct:
		if len(t.Members) == 1 && t.Members[0].Embedded {
			return zeroDefault(t.Members[0].Type, omitempty)
		}
		return map[string]any{}, nil
	case types.Builtin:
		if omitempty {
			return nil, nil
		}
		zero, ok := common.OpenAPIZeroValue(t.String())
		if !ok {
			return nil, fmt.Errorf("the Go type %v has no OpenAPI type", t)
		}
		return zero, nil
	}
	return nil, fmt.Errorf("values of kind %v have no default", t.Kind)
}

func unmarshalsItself(t *types.Type) bool {
	switch t.Kind {
	case types.Pointer:
		m, ok := t.Elem.Methods["UnmarshalJSON"]
		return ok && m.Signature.Receiver.Kind == types.Pointer
	case types.Struct:
		_, ok := t.Methods["UnmarshalJSON"]
		return ok
	}
	return false
}

// checkPatchTags requires +patchMergeKey and +patchStrategy to agree with
// the struct tags of the same names.
func (b *builder) checkPatchTags(m *types.Member, parent *types.Type, ms markers.Set, pos token.Position) {
	for _, d := range []markers.Def[string]{markers.PatchMergeKey, markers.PatchStrategy} {
		name := d.Name
		tag := reflect.StructTag(m.Tags).Get(name)
		marker, mk, ok := d.Lookup(ms)
		at := pos
		if ok {
			at = mk.Pos
		}
		if tag != marker {
			b.errorf(at, "%s.%s: +%s=%s and the struct tag %s:%q must agree", parent.Name.Name, m.Name, name, marker, name, tag)
		}
	}
}

func (b *builder) checkDuplicateExtensions(exts []extension, pos token.Position) {
	seen := map[string]bool{}
	for _, e := range exts {
		if seen[e.name] {
			at := e.pos
			if !at.IsValid() {
				at = pos
			}
			b.errorf(at, "extension %s is set twice", e.name)
		}
		seen[e.name] = true
	}
}

func sortedExtensions(exts spec.Extensions) []extension {
	var out []extension
	for _, k := range slices.Sorted(maps.Keys(exts)) {
		out = append(out, otherExtension(k, exts[k]))
	}
	return out
}

// jsonTags returns the comma-separated parts of a field's json tag.
func jsonTags(m *types.Member) []string {
	tag := reflect.StructTag(m.Tags).Get("json")
	if tag == "" {
		return nil
	}
	return strings.Split(tag, ",")
}

// referableName is the field's JSON name: the json tag's name, the Go
// name without one, or "" for `json:"-"`.
func referableName(m *types.Member) string {
	tags := jsonTags(m)
	switch {
	case len(tags) == 0:
		return m.Name
	case tags[0] == "-":
		return ""
	}
	return tags[0]
}

func hasOmitempty(m *types.Member) bool {
	tag, _ := reflect.StructTag(m.Tags).Lookup("json")
	return strings.HasSuffix(tag, ",omitempty") || strings.Contains(tag, ",omitempty,")
}

// inlined reports whether an embedded field's fields are the struct's own
// in JSON: it has a json tag without a name.
func inlined(m *types.Member) bool {
	tag, ok := reflect.StructTag(m.Tags).Lookup("json")
	return m.Embedded && ok && (tag == "" || strings.HasPrefix(tag, ","))
}

// optional reports whether a field may be omitted: +optional, +required,
// or else omitempty decides.
func optional(ms markers.Set, m *types.Member) (bool, error) {
	opt, req := markers.Optional.Has(ms), markers.Required.Has(ms)
	switch {
	case opt && req:
		return false, fmt.Errorf("field %s is marked both +optional and +required", m.Name)
	case req:
		return false, nil
	case opt:
		return true, nil
	}
	return hasOmitempty(m), nil
}

// description turns comment lines into a schema description: paragraphs
// are kept, other lines joined, indented lines kept on lines of their own,
// and markers, one-line TODOs and everything after a "---" line dropped.
func description(lines []string) string {
	var b []byte
	dropLast := func() {
		if len(b) > 0 {
			b = b[:len(b)-1]
		}
	}
	for _, line := range lines {
		if line == "---" {
			break
		}
		line = strings.TrimRight(line, " ")
		lead := strings.TrimLeft(line, " ")
		switch {
		case line == "":
			dropLast()
			b = append(b, "\n\n"...)
		case strings.HasPrefix(lead, "TODO"), strings.HasPrefix(lead, "+"):
		case strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t"):
			dropLast()
			b = append(b, '\n')
			b = append(b, line...)
			b = append(b, '\n')
		default:
			b = append(b, line...)
			b = append(b, ' ')
		}
	}
	return strings.TrimSpace(string(b))
}

// Methods through which a type supplies its own schema.

func returns(t *types.Type, method, pkg, name string) bool {
	mt, ok := t.Methods[method]
	if !ok || mt.Signature == nil {
		return false
	}
	s := mt.Signature
	return len(s.Parameters) == 0 && len(s.Results) == 1 &&
		s.Results[0].Type.Name.Name == name && s.Results[0].Type.Name.Package == pkg
}

func hasDefinition(t *types.Type, method string) bool {
	return returns(t, method, commonPkg, "OpenAPIDefinition")
}

func hasStrings(t *types.Type, method string) bool { return returns(t, method, "", "[]string") }

func hasTypeFormat(t *types.Type) bool {
	return hasStrings(t, "OpenAPISchemaType") && returns(t, "OpenAPISchemaFormat", "", "string")
}

func customSchema(t *types.Type) bool {
	return hasDefinition(t, "OpenAPIDefinition") || hasTypeFormat(t) ||
		hasDefinition(t, "OpenAPIV3Definition") || hasStrings(t, "OpenAPIV3OneOfTypes")
}

// modelName reports whether definitions name t by T{}.OpenAPIModelName(),
// and the name that returns: a hand-written method (whose result the load,
// without function bodies, cannot tell: the Go name stands in), or the one
// +k8s:openapi-model-package on the type or its package has generated.
func (b *builder) modelName(t *types.Type) (bool, string) {
	if returns(t, "OpenAPIModelName", "", "string") {
		return true, t.Name.String()
	}
	if pkg, ok := modelname.Lookup(b.m, t); ok {
		return true, pkg + "." + t.Name.Name
	}
	return false, ""
}

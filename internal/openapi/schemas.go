// Schemas: the OpenAPI definitions as data.
//
// Besides the Go code it writes, the generator keeps every definition as a
// kube-openapi spec.Schema, for the CEL checks (internal/servercheck)
// and the JSON OpenAPI writer (generators/openapijson):
//
//	defs := openapi.Schemas(m, diags)       // map[name]*openapi.Definition
//	specs := openapi.Specs(defs)            // map[name]spec.Schema, for servercheck.CEL
//	rule := defs[name].RuleAt(path, index)  // a servercheck.Problem back to its marker
//
// Schemas(m, diags) computes the definitions openapi-gen generates for the
// model's packages. The model must have been built with a registry that
// holds DefineMarkers' markers (openapi-gen's Define does this). Problems
// found on the way (bad markers, types without a schema) go to diags, at
// file:line. The result is computed once per model and shared, so several
// generators of one run may ask for it; the map must not be modified.
//
// A Definition is keyed by Name: the key GetOpenAPIDefinitions uses, which
// is the model name (io.k8s.api.core.v1.Pod) when the type's
// OpenAPIModelName() names it, and otherwise the Go name
// (k8s.io/api/core/v1.Pod). Its Schema is the spec.Schema the generated
// code builds, with each reference "#/definitions/" + the JSON-pointer
// escaped Name of its target, as the API server's builder writes them.
// Descriptions, defaults, enums, validations and x-kubernetes-* extensions
// are all there. Types that supply their own schema through methods
// (OpenAPIDefinition, OpenAPISchemaType/Format, the V3 variants) are
// Custom: their schema comes from code this tool cannot run, so Schema is
// what is known of the common ones (metav1.Time, resource.Quantity,
// intstr.IntOrString, ...) and empty otherwise.
//
// Markers is every +k8s:validation: marker of the type and of its fields
// (fields of inlined structs included), with its position. Rules is every
// x-kubernetes-validations rule that +k8s:validation:cel markers write:
// Path is the JSON pointer, within Schema, of the schema that holds it
// ("" for the type itself, "/properties/spec" for a field,
// "/properties/spec/allOf/0/items" for cel rules under items), Index its
// place in that schema's list, and Pos and EntryPos the lines of its
// cel[i]:rule marker and of the first cel[i] marker.
package openapi

import (
	"encoding/json"
	"go/token"
	"maps"
	"slices"
	"strings"
	"sync"

	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// Definition is the OpenAPI definition of one Go struct type.
type Definition struct {
	Name    string         // the key in GetOpenAPIDefinitions
	Type    *types.Type    // the Go type
	Pos     token.Position // where the type is declared
	Listed  bool           // exported, so listed in GetOpenAPIDefinitions
	Custom  bool           // the type supplies its schema through methods
	Schema  spec.Schema
	Depends []string // Names of the definitions Schema refers to

	Markers []ValidationMarker // every +k8s:validation: marker
	Rules   []Rule             // every x-kubernetes-validations rule
}

// Rule is one x-kubernetes-validations rule and the markers that wrote it.
type Rule struct {
	Path              string // JSON pointer within the definition's Schema
	Index             int    // place in that schema's x-kubernetes-validations
	Rule              string
	Message           string
	MessageExpression string
	Reason            string
	FieldPath         string
	OptionalOldSelf   *bool
	Pos               token.Position // the cel[i]:rule marker (the first cel[i] marker if there is none)
	EntryPos          token.Position // the first cel[i] marker
}

// RuleAt returns the rule at index of the schema at JSON pointer path, or
// nil.
func (d *Definition) RuleAt(path string, index int) *Rule {
	for i := range d.Rules {
		if d.Rules[i].Path == path && d.Rules[i].Index == index {
			return &d.Rules[i]
		}
	}
	return nil
}

// Specs returns the schemas of defs by name.
func Specs(defs map[string]*Definition) map[string]spec.Schema {
	out := make(map[string]spec.Schema, len(defs))
	for k, d := range defs {
		out[k] = d.Schema
	}
	return out
}

var refUnescaper = strings.NewReplacer("~1", "/", "~0", "~")

// RefName returns the Name of the definition that a reference of a Schema,
// "#/definitions/" + the JSON-pointer escaped Name, refers to.
func RefName(ref string) string {
	return refUnescaper.Replace(strings.TrimPrefix(ref, "#/definitions/"))
}

// Schemas returns the definitions openapi-gen generates for the model's
// packages, keyed by Name. See the top of this file.
func Schemas(m *model.Model, diags *diag.List) map[string]*Definition {
	return computed(m, diags).data
}

// result is one run's definitions, as code and as data.
type result struct {
	defs []*definition // in upstream's order
	data map[string]*Definition
	lint []violation
}

// schemas is the definitions of a model's packages, computed once per run
// and selection: openapi-gen's Go file, the OpenAPI v3 document and the
// apply configurations' schema share them.
var schemas = &engine.Result[*result]{Name: "openapi schemas", Compute: compute}

// computed returns the definitions of m, with the diagnostics computing
// them found.
func computed(m *model.Model, diags *diag.List) *result { return schemas.Of(m, diags) }

// data turns a definition into its Definition.
func (b *builder) data(d *definition) *Definition {
	out := &Definition{
		Name:    d.name(d.t),
		Type:    d.t,
		Pos:     d.pos,
		Listed:  d.listed,
		Custom:  d.fn != funcObject,
		Markers: make([]ValidationMarker, len(d.markers)),
		Rules:   d.rules,
	}
	for i, mk := range d.markers {
		out.Markers[i] = *mk
	}
	for _, dep := range d.deps {
		out.Depends = append(out.Depends, dep.name(dep.t))
	}
	if d.fn != funcObject {
		if known, ok := knownSchemas[d.t.Name.String()]; ok {
			out.Schema = known()
		}
		if d.fn != funcNone {
			out.Schema.Description = d.desc
			addValidations(&out.Schema, d.validation)
			addExtensions(&out.Schema, d.ext)
		}
		return out
	}
	s := &out.Schema
	s.Description = d.desc
	s.Type = []string{"object"}
	addValidations(s, d.validation)
	for _, p := range d.props {
		if s.Properties == nil {
			s.Properties = map[string]spec.Schema{}
		}
		s.Properties[p.name] = b.propertySchema(p)
	}
	s.Required = d.required
	addExtensions(s, d.ext)
	return out
}

func (b *builder) propertySchema(p *property) spec.Schema {
	var s spec.Schema
	s.Description = p.desc
	addExtensions(&s, p.ext)
	if p.jsonString {
		s.Type = []string{"string"}
		return s
	}
	if p.def != nil {
		if p.def.ref != nil {
			s.Default = b.constant(*p.def.ref)
		} else {
			s.Default = p.def.data
		}
	}
	addValidations(&s, p.validation)
	valueInto(&s, p.value)
	return s
}

func valueInto(s *spec.Schema, v *valueSchema) {
	if v == nil {
		return
	}
	switch v.kind {
	case valueSimple:
		s.Type, s.Format = []string{v.typ}, v.format
		if v.enum != nil {
			s.Enum = v.enum.valueList()
		}
	case valueMap:
		var elem spec.Schema
		valueInto(&elem, v.elem)
		s.Type = []string{"object"}
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &elem}
	case valueArray:
		var elem spec.Schema
		valueInto(&elem, v.elem)
		s.Type = []string{"array"}
		s.Items = &spec.SchemaOrArray{Schema: &elem}
	case valueRef:
		s.Ref = spec.MustCreateRef("#/definitions/" + common.EscapeJsonPointer(v.name(v.ref)))
	}
}

// addValidations copies the validations that the generated code sets:
// not nullable, format or enum, which the markers may give but upstream
// does not write.
func addValidations(s *spec.Schema, v spec.Schema) {
	s.Minimum, s.Maximum = v.Minimum, v.Maximum
	s.ExclusiveMinimum, s.ExclusiveMaximum = v.ExclusiveMinimum, v.ExclusiveMaximum
	s.MinLength, s.MaxLength = v.MinLength, v.MaxLength
	s.MinProperties, s.MaxProperties = v.MinProperties, v.MaxProperties
	s.Pattern, s.MultipleOf = v.Pattern, v.MultipleOf
	s.MinItems, s.MaxItems, s.UniqueItems = v.MinItems, v.MaxItems, v.UniqueItems
	for _, n := range v.AllOf {
		s.AllOf = append(s.AllOf, nestedValidations(n))
	}
}

func nestedValidations(v spec.Schema) spec.Schema {
	var s spec.Schema
	addValidations(&s, v)
	for k, p := range v.Properties {
		if s.Properties == nil {
			s.Properties = map[string]spec.Schema{}
		}
		s.Properties[k] = nestedValidations(p)
	}
	if v.AdditionalProperties != nil && v.AdditionalProperties.Schema != nil {
		ap := nestedValidations(*v.AdditionalProperties.Schema)
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &ap}
	}
	if v.Items != nil && v.Items.Schema != nil {
		items := nestedValidations(*v.Items.Schema)
		s.Items = &spec.SchemaOrArray{Schema: &items}
	}
	for k, x := range v.Extensions {
		s.AddExtension(k, x)
	}
	return s
}

func addExtensions(s *spec.Schema, exts []extension) {
	for _, e := range exts {
		s.AddExtension(e.name, e.value)
	}
}

// constant returns the value of the Go constant a +default=ref(...) names,
// as JSON data, or nil if it is not a constant of a package the model read.
func (b *builder) constant(n types.Name) any {
	p := b.m.Universe[n.Package]
	if p == nil {
		return nil
	}
	c := p.Constants[n.Name]
	if c == nil || c.ConstValue == nil {
		return nil
	}
	if resolve(c.Underlying) == types.String {
		return *c.ConstValue
	}
	var v any
	if json.Unmarshal([]byte(*c.ConstValue), &v) == nil {
		return v
	}
	return nil
}

// rulesOf lists the CEL rules of the validations vt, which stand on the
// schema at JSON pointer path. Nested validations sit in allOf[0].
func rulesOf(vt *vtags, path []string) []Rule {
	if vt == nil {
		return nil
	}
	var out []Rule
	ptr := pointer(path)
	for i, r := range vt.CEL {
		pos := r.RulePos
		if !pos.IsValid() {
			pos = r.Pos
		}
		out = append(out, Rule{Path: ptr, Index: i, Rule: r.Rule, Message: r.Message, MessageExpression: r.MessageExpression,
			Reason: r.Reason, FieldPath: r.FieldPath, OptionalOldSelf: r.OptionalOldSelf, Pos: pos, EntryPos: r.Pos})
	}
	nested := append(slices.Clone(path), "allOf", "0")
	if vt.Items != nil {
		out = append(out, rulesOf(vt.Items, append(slices.Clone(nested), "items"))...)
	}
	for _, k := range slices.Sorted(maps.Keys(vt.Properties)) {
		out = append(out, rulesOf(vt.Properties[k], append(slices.Clone(nested), "properties", k))...)
	}
	if vt.AdditionalProperties != nil {
		out = append(out, rulesOf(vt.AdditionalProperties, append(slices.Clone(nested), "additionalProperties"))...)
	}
	return out
}

func pointer(path []string) string {
	var s string
	for _, p := range path {
		s += "/" + common.EscapeJsonPointer(p)
	}
	return s
}

// knownSchemas are the schemas of apimachinery's types that supply their
// own: what their methods return, which the load (without function bodies)
// cannot read. An int-or-string is marked as CRD schemas mark it.
var knownSchemas = map[string]func() spec.Schema{
	"k8s.io/apimachinery/pkg/apis/meta/v1.Time":      func() spec.Schema { return typeFormat("string", "date-time") },
	"k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime": func() spec.Schema { return typeFormat("string", "date-time") },
	"k8s.io/apimachinery/pkg/apis/meta/v1.Duration":  func() spec.Schema { return typeFormat("string", "") },
	"k8s.io/apimachinery/pkg/api/resource.Quantity": func() spec.Schema {
		s := typeFormat("string", "")
		s.AddExtension("x-kubernetes-int-or-string", true)
		return s
	},
	"k8s.io/apimachinery/pkg/util/intstr.IntOrString": func() spec.Schema {
		s := typeFormat("string", "int-or-string")
		s.AddExtension("x-kubernetes-int-or-string", true)
		return s
	},
}

func typeFormat(typ, format string) spec.Schema {
	return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{typ}, Format: format}}
}

// compute builds every definition of the model's packages, in parallel,
// and keeps them in upstream's order: sorted by Go name.
func compute(m *model.Model, diags *diag.List) *result {
	reg := &markers.Registry{}
	DefineMarkers(reg)
	b := &builder{m: m, src: newSource(m, reg), enums: findEnums(m), diags: diags}
	var ts []*types.Type
	for _, p := range m.Packages {
		for _, t := range p.Types {
			if m.InstanceOf(t) != nil || !m.Declared(t) {
				continue
			}
			if t.Kind != types.Struct || !selected(m, p, t) {
				b.checkUnread(t)
				continue
			}
			if len(t.TypeParams) > 0 {
				diags.Errorf(m.Position(t), "generic type %s has no OpenAPI schema; mark it +%s=false", t.Name.Name, genMarker)
				continue
			}
			ts = append(ts, t)
		}
	}
	slices.SortFunc(ts, func(a, b *types.Type) int { return strings.Compare(a.Name.String(), b.Name.String()) })
	r := &result{defs: make([]*definition, len(ts)), data: map[string]*Definition{}}
	lint := make([][]violation, len(ts))
	work := make(chan int)
	var wg sync.WaitGroup
	for range workers() {
		wg.Go(func() {
			names := funcNamer()
			for i := range work {
				r.defs[i] = b.definition(ts[i], names)
				lint[i] = b.violations(ts[i])
			}
		})
	}
	for i := range ts {
		work <- i
	}
	close(work)
	wg.Wait()
	for i, d := range r.defs {
		data := b.data(d)
		if old, ok := r.data[data.Name]; ok {
			diags.Errorf(d.pos, "%s and %s have the same OpenAPI name %s", old.Type.Name.String(), d.t.Name.String(), data.Name)
		}
		r.data[data.Name] = data
		r.lint = append(r.lint, lint[i]...)
	}
	return r
}

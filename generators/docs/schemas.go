package docs

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/crdschema"
	"github.com/apigen-dev/apigen/internal/modelname"
	"github.com/apigen-dev/apigen/internal/openapi"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// schemas gives each type the schema the API server enforces: the CRD's
// for packages of CRD kinds, and openapi-gen's for the others.
type schemas struct {
	m       *model.Model
	crd     map[crdschema.Key]*spec.Schema
	openapi map[*types.Type]*spec.Schema
	byPkg   map[string]bool // whether a package's types take the CRD's
}

func newSchemas(m *model.Model) *schemas { return &schemas{m: m, byPkg: map[string]bool{}} }

// schemaRef is a type's schema; nil when it has none. crd tells the CRD's
// from openapi-gen's.
type schemaRef struct {
	s   *spec.Schema
	crd bool
}

// property returns the schema of property name, or nil.
func (r *schemaRef) property(name string) *spec.Schema {
	if r == nil {
		return nil
	}
	if p, ok := r.s.Properties[name]; ok {
		return &p
	}
	return nil
}

// requires reports whether the schema lists name as required.
func (r *schemaRef) requires(name string) bool {
	return r != nil && slices.Contains(r.s.Required, name)
}

// of returns the schema of t, or nil.
func (sc *schemas) of(t *types.Type) *schemaRef {
	p := sc.m.Package(t.Name.Package)
	if p == nil {
		return nil
	}
	var s *spec.Schema
	crd := sc.usesCRD(p)
	if crd {
		s = sc.crdSchemas()[crdschema.KeyOf(p.Path, t.Name.Name)]
	} else {
		s = sc.openapiSchemas()[t]
	}
	if s == nil {
		return nil
	}
	return &schemaRef{s, crd}
}

// usesCRD reports whether p's types are served as CRDs: openapi-gen does
// not read it, or a type has controller-gen's markers (cert-manager's
// packages are openapi-gen's input too). Field markers alone do not
// count: k8s.io/api's core/v1 has some.
func (sc *schemas) usesCRD(p *model.Package) bool {
	if v, ok := sc.byPkg[p.Path]; ok {
		return v
	}
	crd := !modelname.OpenAPIInput(p)
	for _, t := range p.Types {
		crd = crd || slices.ContainsFunc(sc.m.Markers(t), func(mk markers.Marker) bool { return strings.HasPrefix(mk.Def.Name, "kubebuilder:") })
	}
	sc.byPkg[p.Path] = crd
	return crd
}

func (sc *schemas) crdSchemas() map[crdschema.Key]*spec.Schema {
	if sc.crd == nil {
		sc.crd = map[crdschema.Key]*spec.Schema{}
		// Only the CRD packages: the crd generator's parser reads every
		// package it is given.
		for k, s := range crdschema.Of(sc.m.Select(sc.usesCRD)) {
			if conv, err := convert(s); err == nil {
				sc.crd[k] = conv
			}
		}
	}
	return sc.crd
}

func (sc *schemas) openapiSchemas() map[*types.Type]*spec.Schema {
	if sc.openapi == nil {
		sc.openapi = map[*types.Type]*spec.Schema{}
		// openapi-gen reports its own problems.
		for _, d := range openapi.Schemas(sc.m.Select(modelname.OpenAPIInput), &diag.List{}) {
			sc.openapi[d.Type] = &d.Schema
		}
	}
	return sc.openapi
}

// convert turns a CRD schema into kube-openapi's form.
func convert(s any) (*spec.Schema, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var out spec.Schema
	return &out, json.Unmarshal(b, &out)
}

// extension decodes the x- extension key of s into v, and reports whether
// s has it.
func extension(s *spec.Schema, key string, v any) bool {
	for k, raw := range s.Extensions {
		if strings.EqualFold(k, key) {
			b, err := json.Marshal(raw)
			return err == nil && json.Unmarshal(b, v) == nil
		}
	}
	return false
}

// factsOf reads what s enforces. Only a field's schema lists the element
// facts of its items.
func factsOf(s *spec.Schema, field bool) facts {
	var f facts
	if s.Default != nil {
		b, _ := json.Marshal(s.Default)
		f.def = string(b)
	}
	f.enum = enumOf(s.Enum)
	f.validation = validationOf(s)
	f.rules = rulesOf(s)
	extension(s, "x-kubernetes-list-type", &f.list)
	var keys []string
	if extension(s, "x-kubernetes-list-map-keys", &keys) && len(keys) > 0 {
		f.list += ", keys " + codeList(keys)
	}
	extension(s, "x-kubernetes-map-type", &f.mapType)
	for _, r := range f.rules {
		f.immutable = f.immutable || strings.Join(strings.Fields(r.rule), "") == "self==oldSelf"
	}
	if item := items(s); field && item != nil && !slices.Contains(item.Type, "object") {
		if len(f.enum) == 0 {
			f.enum = enumOf(item.Enum)
		}
		for _, v := range validationOf(item) {
			f.validation = append(f.validation, "items: "+v)
		}
		for _, r := range rulesOf(item) {
			r.rule = "items: " + r.rule
			f.rules = append(f.rules, r)
		}
	}
	return f
}

func items(s *spec.Schema) *spec.Schema {
	if s.Items == nil {
		return nil
	}
	return s.Items.Schema
}

func enumOf(values []any) []enumValue {
	var out []enumValue
	for _, v := range values {
		if str, ok := v.(string); ok {
			out = append(out, enumValue{value: str})
			continue
		}
		b, _ := json.Marshal(v)
		out = append(out, enumValue{value: string(b)})
	}
	return out
}

func rulesOf(s *spec.Schema) []rule {
	var raw []struct{ Rule, Message, MessageExpression string }
	extension(s, "x-kubernetes-validations", &raw)
	var out []rule
	for _, r := range raw {
		msg := r.Message
		if msg == "" && r.MessageExpression != "" {
			msg = "(" + r.MessageExpression + ")"
		}
		out = append(out, rule{rule: oneLine(r.Rule), message: oneLine(msg)})
	}
	return out
}

// validationOf lists the bounds, pattern and format of s.
func validationOf(s *spec.Schema) []string {
	var out []string
	num := func(name string, v *float64, exclusive bool) {
		if v != nil {
			if exclusive {
				name = "exclusive " + name
			}
			out = append(out, fmt.Sprintf("%s %v", name, *v))
		}
	}
	count := func(name string, v *int64) {
		if v != nil {
			out = append(out, fmt.Sprintf("%s %d", name, *v))
		}
	}
	num("minimum", s.Minimum, s.ExclusiveMinimum)
	num("maximum", s.Maximum, s.ExclusiveMaximum)
	num("multipleOf", s.MultipleOf, false)
	count("minLength", s.MinLength)
	count("maxLength", s.MaxLength)
	if s.Pattern != "" {
		out = append(out, "pattern "+code(s.Pattern))
	}
	switch s.Format {
	case "", "int32", "int64", "double", "float", "byte":
	default:
		out = append(out, "format "+code(s.Format))
	}
	count("minItems", s.MinItems)
	count("maxItems", s.MaxItems)
	if s.UniqueItems {
		out = append(out, "unique items")
	}
	count("minProperties", s.MinProperties)
	count("maxProperties", s.MaxProperties)
	return out
}

// code writes s as inline code, with enough backticks around it.
func code(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

func codeList(ss []string) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = code(s)
	}
	return strings.Join(out, ", ")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

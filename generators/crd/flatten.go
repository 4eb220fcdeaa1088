package crd

import (
	"reflect"
	"slices"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// known gives the fixed schemas controller-gen uses for some types
// instead of reading their declarations.
func (p *parser) known(id ident) (*schema, bool) {
	intOrString := func(pattern string) *schema {
		return &schema{XIntOrString: true, AnyOf: []schema{{Type: "integer"}, {Type: "string"}}, Pattern: pattern}
	}
	yes := true
	switch id {
	case ident{metav1, "ObjectMeta"}:
		if p.metaProps {
			str := &schema{Type: "string"}
			strMap := schema{Type: "object", AdditionalProperties: &apiext.JSONSchemaPropsOrBool{Schema: str}}
			return &schema{Type: "object", Properties: map[string]schema{
				"name": *str, "namespace": *str, "annotations": strMap, "labels": strMap,
				"finalizers": {Type: "array", Items: &apiext.JSONSchemaPropsOrArray{Schema: str}},
			}}, true
		}
		return &schema{Type: "object"}, true
	case ident{metav1, "Time"}, ident{metav1, "MicroTime"}:
		return &schema{Type: "string", Format: "date-time"}, true
	case ident{metav1, "Duration"}:
		return &schema{Type: "string"}, true
	case ident{metav1, "Fields"}:
		return &schema{Type: "object", AdditionalProperties: &apiext.JSONSchemaPropsOrBool{Allows: true}}, true
	case ident{"k8s.io/apimachinery/pkg/api/resource", "Quantity"}:
		return intOrString(`^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`), true
	case ident{"k8s.io/apimachinery/pkg/runtime", "RawExtension"}:
		return &schema{Type: "object", XPreserveUnknownFields: &yes}, true
	case ident{"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured", "Unstructured"}:
		return &schema{Type: "object"}, true
	case ident{"k8s.io/apimachinery/pkg/util/intstr", "IntOrString"}:
		return intOrString(""), true
	case ident{"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1", "JSON"},
		ident{"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1", "JSON"}:
		return &schema{XPreserveUnknownFields: &yes}, true
	}
	return nil, false
}

const metav1 = "k8s.io/apimachinery/pkg/apis/meta/v1"

// flatType returns the schema of id with every reference replaced by the
// schema it names. A type met again while it is being flattened (a
// recursive type) stands for an empty schema.
func (p *parser) flatType(id ident) schema {
	if s, ok := p.flat[id]; ok {
		return *s.DeepCopy()
	}
	s := p.need(id).DeepCopy()
	p.flat[id] = &schema{}
	p.resolve(s)
	p.flat[id] = s.DeepCopy()
	return *s
}

// resolve replaces references in s and below.
func (p *parser) resolve(s *schema) {
	if s.Ref != nil && *s.Ref != "" {
		orig := *s
		*s = p.flatType(parseRef(*s.Ref))
		keepDocs(s, orig)
		return
	}
	p.children(s, p.resolve)
}

// children calls fn on each schema directly below s.
func (p *parser) children(s *schema, fn func(*schema)) {
	if s.Items != nil {
		if s.Items.Schema != nil {
			fn(s.Items.Schema)
		}
		for i := range s.Items.JSONSchemas {
			fn(&s.Items.JSONSchemas[i])
		}
	}
	for _, list := range [][]schema{s.AllOf, s.OneOf, s.AnyOf} {
		for i := range list {
			fn(&list[i])
		}
	}
	if s.Not != nil {
		fn(s.Not)
	}
	for _, m := range []map[string]schema{s.Properties, s.PatternProperties, s.Definitions} {
		for k, v := range m {
			fn(&v)
			m[k] = v
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		fn(s.AdditionalProperties.Schema)
	}
	if s.AdditionalItems != nil && s.AdditionalItems.Schema != nil {
		fn(s.AdditionalItems.Schema)
	}
}

// keepDocs wraps the resolved type schema dst together with the schema of
// the use site, src, in an allOf; the use site's description, title,
// external docs and example win.
func keepDocs(dst *schema, src schema) {
	desc, title, docs, ex := src.Description, src.Title, src.ExternalDocs, src.Example
	src.Description, src.Title, src.ExternalDocs, src.Example, src.Ref = "", "", nil, nil, nil
	*dst = schema{AllOf: []schema{*dst, src}, Description: dst.Description, Title: dst.Title, ExternalDocs: dst.ExternalDocs, Example: dst.Example}
	if desc != "" {
		dst.Description = desc
	}
	if title != "" {
		dst.Title = title
	}
	if docs != nil {
		dst.ExternalDocs = docs
	}
	if ex != nil {
		dst.Example = ex
	}
}

// mergeAllOf folds every allOf into the schema holding it, top down.
func (p *parser) mergeAllOf(s *schema) {
	parts := s.AllOf
	s.AllOf = nil
	for _, part := range parts {
		p.mergeInto(s, part)
	}
	p.children(s, p.mergeAllOf)
}

// mergeInto merges src into dst. Fields only src sets are copied; fields
// both set differently either combine (properties, required, rules, ...)
// or, when they cannot, stay apart in a new allOf.
func (p *parser) mergeInto(dst *schema, src schema) {
	for _, part := range src.AllOf {
		p.mergeInto(dst, part)
	}
	dv, sv := reflect.ValueOf(dst).Elem(), reflect.ValueOf(src)
	var dRest, sRest schema
	drv, srv := reflect.ValueOf(&dRest).Elem(), reflect.ValueOf(&sRest).Elem()
	split := false
	for i := range sv.NumField() {
		name := sv.Type().Field(i).Name
		switch name {
		case "AllOf", "Title", "Description", "Example", "ExternalDocs":
			continue
		case "Enum":
			if len(src.Enum) > 0 && len(dst.Enum) == 0 {
				dst.Enum = slices.Clone(src.Enum)
			}
			continue
		}
		sf, df := sv.Field(i), dv.Field(i)
		if sf.IsZero() {
			continue
		}
		if df.IsZero() {
			df.Set(sf)
			continue
		}
		if sf.Type().Comparable() && sf.Interface() == df.Interface() {
			continue
		}
		if p.combine(name, df, sf, dst, src) {
			continue
		}
		drv.Field(i).Set(df)
		srv.Field(i).Set(sf)
		df.Set(reflect.Zero(df.Type()))
		split = true
	}
	if split {
		dst.AllOf = append(dst.AllOf, dRest, sRest)
	}
	if len(dst.Required) > 0 {
		req := slices.Clone(dst.Required)
		slices.Sort(req)
		dst.Required = slices.Compact(req)
	}
}

// combine merges a field both schemas set, reporting false when the two
// values must stay apart.
func (p *parser) combine(name string, df, sf reflect.Value, dst *schema, src schema) bool {
	switch name {
	case "Properties":
		for k, v := range src.Properties {
			if d, ok := dst.Properties[k]; ok {
				p.mergeInto(&d, v)
				dst.Properties[k] = d
			} else {
				dst.Properties[k] = v
			}
		}
	case "Required":
		df.Set(reflect.AppendSlice(df, sf))
	case "MinProperties", "MaxProperties":
		a, b := df.Interface().(*int64), sf.Interface().(*int64)
		return *a == *b
	case "Type":
		if dst.Type != src.Type {
			p.errorf(noPos, "conflicting types in allOf branches in schema: %s vs %s", dst.Type, src.Type)
		}
	case "AdditionalProperties":
		if src.AdditionalProperties.Schema == nil {
			return true
		}
		if dst.AdditionalProperties.Schema == nil {
			dst.AdditionalProperties.Schema = &schema{}
		}
		p.mergeInto(dst.AdditionalProperties.Schema, *src.AdditionalProperties.Schema)
	case "XPreserveUnknownFields", "XMapType", "XListType", "XListMapKeys":
		df.Set(sf)
	case "XValidations":
		df.Set(reflect.AppendSlice(sf, df))
	default:
		return false
	}
	return true
}

package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

const (
	specPkg = "k8s.io/kube-openapi/pkg/validation/spec"
	ptrPkg  = "k8s.io/utils/ptr"
)

// renderer writes the Go code of the definitions. It writes the same
// lines, in the same order, as upstream's templates (gofmt then aligns
// them), and names types through one raw namer in upstream's order, so
// that import names come out the same.
type renderer struct {
	raw namer.Namer
	buf *bytes.Buffer
}

func (r *renderer) p(s ...string) {
	for _, x := range s {
		r.buf.WriteString(x)
	}
}

func (r *renderer) name(pkg, name string) string {
	return r.raw.Name(&types.Type{Name: types.Name{Package: pkg, Name: name}})
}

func (r *renderer) typeName(t *types.Type) string { return r.raw.Name(t) }

// index writes GetOpenAPIDefinitions, which lists every exported type.
func (r *renderer) index(defs []*definition) {
	r.p("func GetOpenAPIDefinitions(ref ", r.name(commonPkg, "ReferenceCallback"), ") map[string]", r.name(commonPkg, "OpenAPIDefinition"), " {\n")
	r.p("return map[string]", r.name(commonPkg, "OpenAPIDefinition"), "{\n")
	for _, d := range defs {
		if !d.listed {
			continue
		}
		if d.useModelName {
			r.p(r.typeName(d.t), "{}.OpenAPIModelName(): ")
		} else {
			r.p(`"`, d.t.Name.String(), `": `)
		}
		switch d.call {
		case callSchemaFunc:
			r.p(d.funcName, "(ref),\n")
		case callBoth:
			r.p("common.EmbedOpenAPIDefinitionIntoV2Extension(", r.typeName(d.t), "{}.OpenAPIV3Definition(), ", r.typeName(d.t), "{}.OpenAPIDefinition()),\n")
		case callDefinition:
			r.p(r.typeName(d.t), "{}.OpenAPIDefinition(),\n")
		case callV3Definition:
			r.p(r.typeName(d.t), "{}.OpenAPIV3Definition(),\n")
		}
	}
	r.p("}\n}\n\n")
}

// function writes the schema_ function of d, if it has one.
func (r *renderer) function(d *definition) {
	if d.fn == funcNone {
		return
	}
	def := func() string { return r.name(commonPkg, "OpenAPIDefinition") }
	r.p("func ", d.funcName, "(ref ", r.name(commonPkg, "ReferenceCallback"), ") ", def(), " {\n")
	open := "{\nSchema: spec.Schema{\nSchemaProps: spec.SchemaProps{\n"
	typeFormat := func() {
		r.p("Type:", r.typeName(d.t), "{}.OpenAPISchemaType(),\nFormat:", r.typeName(d.t), "{}.OpenAPISchemaFormat(),\n")
	}
	closeSchema := func() {
		r.validations(&d.validation.SchemaProps)
		r.p("},\n")
		r.extensions(d.ext)
		r.p("},\n")
	}
	switch d.fn {
	case funcTypeFormatV3:
		r.p("return common.EmbedOpenAPIDefinitionIntoV2Extension(", r.typeName(d.t), "{}.OpenAPIV3Definition(), ", def(), open)
		r.description(d.desc)
		typeFormat()
		closeSchema()
		r.p("})\n}\n\n")
	case funcTypeFormatOneOf:
		r.p("return common.EmbedOpenAPIDefinitionIntoV2Extension(", def(), open)
		r.description(d.desc)
		r.p("OneOf:common.GenerateOpenAPIV3OneOfSchema(", r.typeName(d.t), "{}.OpenAPIV3OneOfTypes()),\nFormat:", r.typeName(d.t), "{}.OpenAPISchemaFormat(),\n")
		closeSchema()
		r.p("},", def(), open)
		r.description(d.desc)
		typeFormat()
		closeSchema()
		r.p("})\n}\n\n")
	case funcTypeFormat:
		r.p("return ", def(), open)
		r.description(d.desc)
		typeFormat()
		closeSchema()
		r.p("}\n}\n\n")
	case funcObject:
		r.p("return ", def(), open)
		r.description(d.desc)
		r.p("Type: []string{\"object\"},\n")
		r.validations(&d.validation.SchemaProps)
		// Properties are written before the map's type is named, as upstream
		// does: the order in which types are named decides import names.
		var props bytes.Buffer
		outer := r.buf
		r.buf = &props
		for _, p := range d.props {
			r.property(p)
		}
		r.buf = outer
		if props.Len() > 0 {
			r.p("Properties: map[string]", r.name(specPkg, "Schema"), "{\n")
			r.buf.Write(props.Bytes())
			r.p("},\n")
		}
		if len(d.required) > 0 {
			r.p(`Required: []string{"`, strings.Join(d.required, `","`), "\"},\n")
		}
		r.p("},\n")
		r.extensions(d.ext)
		r.p("},\n")
		if len(d.deps) > 0 {
			r.p("Dependencies: []string{\n")
			for _, dep := range d.deps {
				if dep.useModelName {
					r.p(r.typeName(dep.t), "{}.OpenAPIModelName(),")
				} else {
					r.p(`"`, dep.t.Name.String(), `",`)
				}
			}
			r.p("},\n")
		}
		r.p("}\n}\n\n")
	}
}

func (r *renderer) description(desc string) {
	if desc != "" {
		r.p("Description: ", fmt.Sprintf("%#v", desc), ",\n")
	}
}

func (r *renderer) extensions(exts []extension) {
	if len(exts) == 0 {
		return
	}
	r.p("VendorExtensible: spec.VendorExtensible{\nExtensions: spec.Extensions{\n")
	for _, e := range exts {
		r.p(e.key, ": ", e.code, ",\n")
	}
	r.p("},\n},\n")
}

func (r *renderer) property(p *property) {
	r.p(`"`, p.name, "\": {\n")
	r.extensions(p.ext)
	r.p("SchemaProps: spec.SchemaProps{\n")
	r.description(p.desc)
	if p.jsonString {
		r.p("Type: []string{\"string\"},\nFormat: \"\",\n},\n},\n")
		return
	}
	if p.def != nil {
		if p.def.ref != nil {
			r.p("Default: ", r.raw.Name(&types.Type{Name: *p.def.ref}), ",\n")
		} else {
			r.p("Default: ", fmt.Sprintf("%#v", p.def.data), ",\n")
		}
	}
	r.validations(&p.validation.SchemaProps)
	r.value(p.value)
	r.p("},\n},\n")
}

func (r *renderer) value(v *valueSchema) {
	if v == nil {
		return
	}
	switch v.kind {
	case valueSimple:
		r.p("Type: []string{\"", v.typ, "\"},\nFormat: \"", v.format, "\",\n")
		if v.enum != nil {
			r.p("Enum: []interface{}{", strings.Join(v.enum.quoted(), ", "), "},\n")
		}
	case valueMap:
		r.p("Type: []string{\"object\"},\nAdditionalProperties: &spec.SchemaOrBool{\nAllows: true,\nSchema: &spec.Schema{\nSchemaProps: spec.SchemaProps{\n")
		r.value(v.elem)
		r.p("},\n},\n},\n")
	case valueArray:
		r.p("Type: []string{\"array\"},\nItems: &spec.SchemaOrArray{\nSchema: &spec.Schema{\nSchemaProps: spec.SchemaProps{\n")
		r.value(v.elem)
		r.p("},\n},\n},\n")
	case valueRef:
		if v.useModelName {
			r.p("Ref: ref(", r.typeName(v.ref), "{}.OpenAPIModelName()),\n")
		} else {
			r.p("Ref: ref(\"", v.ref.Name.String(), "\"),\n")
		}
	}
}

// validations writes the value validations of +k8s:validation: markers.
// (nullable, format and enum are read but, as upstream, not written.)
func (r *renderer) validations(s *spec.SchemaProps) {
	ptr := func() string { return r.name(ptrPkg, "To") }
	if s.Minimum != nil {
		r.p("Minimum: ", ptr(), "[float64](", fmt.Sprint(*s.Minimum), "),\n")
	}
	if s.Maximum != nil {
		r.p("Maximum: ", ptr(), "[float64](", fmt.Sprint(*s.Maximum), "),\n")
	}
	if s.ExclusiveMinimum {
		r.p("ExclusiveMinimum: true,\n")
	}
	if s.ExclusiveMaximum {
		r.p("ExclusiveMaximum: true,\n")
	}
	for _, f := range []struct {
		name string
		v    *int64
	}{{"MinLength", s.MinLength}, {"MaxLength", s.MaxLength}, {"MinProperties", s.MinProperties}, {"MaxProperties", s.MaxProperties}} {
		if f.v != nil {
			r.p(f.name, ": ", ptr(), "[int64](", fmt.Sprint(*f.v), "),\n")
		}
	}
	if s.Pattern != "" {
		q, _ := json.Marshal(s.Pattern)
		r.p("Pattern: ", string(q), ",\n")
	}
	if s.MultipleOf != nil {
		r.p("MultipleOf: ", ptr(), "[float64](", fmt.Sprint(*s.MultipleOf), "),\n")
	}
	if s.MinItems != nil {
		r.p("MinItems: ", ptr(), "[int64](", fmt.Sprint(*s.MinItems), "),\n")
	}
	if s.MaxItems != nil {
		r.p("MaxItems: ", ptr(), "[int64](", fmt.Sprint(*s.MaxItems), "),\n")
	}
	if s.UniqueItems {
		r.p("UniqueItems: true,\n")
	}
	if len(s.AllOf) > 0 {
		r.p("AllOf: []spec.Schema{\n")
		for i := range s.AllOf {
			r.p("{\n")
			r.schema(&s.AllOf[i])
			r.p("},\n")
		}
		r.p("},\n")
	}
}

// schema writes a nested validation schema: the validations, and the
// validations of its items, properties and additional properties.
func (r *renderer) schema(s *spec.Schema) {
	if !reflect.DeepEqual(s.SchemaProps, spec.SchemaProps{}) {
		r.p("SchemaProps: spec.SchemaProps{\n")
		r.validations(&s.SchemaProps)
		if len(s.Properties) > 0 {
			r.p("Properties: map[string]spec.Schema{\n")
			for _, k := range slices.Sorted(maps.Keys(s.Properties)) {
				v := s.Properties[k]
				r.p(fmt.Sprintf("%#v", k), ": {\n")
				r.schema(&v)
				r.p("},\n")
			}
			r.p("},\n")
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			r.p("AdditionalProperties: &spec.SchemaOrBool{\nAllows: true,\nSchema: &spec.Schema{\n")
			r.schema(s.AdditionalProperties.Schema)
			r.p("},\n},\n")
		}
		if s.Items != nil && s.Items.Schema != nil {
			r.p("Items: &spec.SchemaOrArray{\nSchema: &spec.Schema{\n")
			r.schema(s.Items.Schema)
			r.p("},\n},\n")
		}
		r.p("},\n")
	}
	if len(s.Extensions) > 0 {
		r.p("VendorExtensible: spec.VendorExtensible{\nExtensions: spec.Extensions{\n")
		for _, k := range slices.Sorted(maps.Keys(s.Extensions)) {
			r.p(fmt.Sprintf("%#v", k), ": ", fmt.Sprintf("%#v", s.Extensions[k]), ",\n")
		}
		r.p("},\n},\n")
	}
}

package openapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/output"
)

const (
	specPkg = "k8s.io/kube-openapi/pkg/validation/spec"
	ptrPkg  = "k8s.io/utils/ptr"
)

// renderer writes the Go code of the definitions. It writes the same
// lines, in the same order, as upstream's templates (gofmt then aligns
// them), and names types through one raw namer in upstream's order, so
// that import names come out the same.
type renderer struct{ f *output.GoFile }

func (r *renderer) name(pkg, name string) string { return r.f.Qual(pkg, name) }

func (r *renderer) typeName(t *types.Type) string { return r.f.Name(t) }

// index writes GetOpenAPIDefinitions, which lists every exported type.
func (r *renderer) index(defs []*definition) {
	r.f.Print("func GetOpenAPIDefinitions(ref ", r.name(commonPkg, "ReferenceCallback"), ") map[string]", r.name(commonPkg, "OpenAPIDefinition"), " {\n")
	r.f.Print("return map[string]", r.name(commonPkg, "OpenAPIDefinition"), "{\n")
	for _, d := range defs {
		if !d.listed {
			continue
		}
		if d.useModelName {
			r.f.Print(r.typeName(d.t), "{}.OpenAPIModelName(): ")
		} else {
			r.f.Print(`"`, d.t.Name.String(), `": `)
		}
		switch d.call {
		case callSchemaFunc:
			r.f.Print(d.funcName, "(ref),\n")
		case callBoth:
			r.f.Print("common.EmbedOpenAPIDefinitionIntoV2Extension(", r.typeName(d.t), "{}.OpenAPIV3Definition(), ", r.typeName(d.t), "{}.OpenAPIDefinition()),\n")
		case callDefinition:
			r.f.Print(r.typeName(d.t), "{}.OpenAPIDefinition(),\n")
		case callV3Definition:
			r.f.Print(r.typeName(d.t), "{}.OpenAPIV3Definition(),\n")
		}
	}
	r.f.Print("}\n}\n\n")
}

// function writes the schema_ function of d, if it has one.
func (r *renderer) function(d *definition) {
	if d.fn == funcNone {
		return
	}
	def := func() string { return r.name(commonPkg, "OpenAPIDefinition") }
	r.f.Print("func ", d.funcName, "(ref ", r.name(commonPkg, "ReferenceCallback"), ") ", def(), " {\n")
	open := "{\nSchema: spec.Schema{\nSchemaProps: spec.SchemaProps{\n"
	typeFormat := func() {
		r.f.Print("Type:", r.typeName(d.t), "{}.OpenAPISchemaType(),\nFormat:", r.typeName(d.t), "{}.OpenAPISchemaFormat(),\n")
	}
	closeSchema := func() {
		r.validations(&d.validation.SchemaProps)
		r.f.Print("},\n")
		r.extensions(d.ext)
		r.f.Print("},\n")
	}
	switch d.fn {
	case funcTypeFormatV3:
		r.f.Print("return common.EmbedOpenAPIDefinitionIntoV2Extension(", r.typeName(d.t), "{}.OpenAPIV3Definition(), ", def(), open)
		r.description(d.desc)
		typeFormat()
		closeSchema()
		r.f.Print("})\n}\n\n")
	case funcTypeFormatOneOf:
		r.f.Print("return common.EmbedOpenAPIDefinitionIntoV2Extension(", def(), open)
		r.description(d.desc)
		r.f.Print("OneOf:common.GenerateOpenAPIV3OneOfSchema(", r.typeName(d.t), "{}.OpenAPIV3OneOfTypes()),\nFormat:", r.typeName(d.t), "{}.OpenAPISchemaFormat(),\n")
		closeSchema()
		r.f.Print("},", def(), open)
		r.description(d.desc)
		typeFormat()
		closeSchema()
		r.f.Print("})\n}\n\n")
	case funcTypeFormat:
		r.f.Print("return ", def(), open)
		r.description(d.desc)
		typeFormat()
		closeSchema()
		r.f.Print("}\n}\n\n")
	case funcObject:
		r.f.Print("return ", def(), open)
		r.description(d.desc)
		r.f.Print("Type: []string{\"object\"},\n")
		r.validations(&d.validation.SchemaProps)
		// Properties are written before the map's type is named, as upstream
		// does: the order in which types are named decides import names.
		outer := r.f
		props := outer.Part()
		r.f = props
		for _, p := range d.props {
			r.property(p)
		}
		r.f = outer
		if props.Len() > 0 {
			r.f.Print("Properties: map[string]", r.name(specPkg, "Schema"), "{\n")
			r.f.Append(props)
			r.f.Print("},\n")
		}
		if len(d.required) > 0 {
			r.f.Print(`Required: []string{"`, strings.Join(d.required, `","`), "\"},\n")
		}
		r.f.Print("},\n")
		r.extensions(d.ext)
		r.f.Print("},\n")
		if len(d.deps) > 0 {
			r.f.Print("Dependencies: []string{\n")
			for _, dep := range d.deps {
				if dep.useModelName {
					r.f.Print(r.typeName(dep.t), "{}.OpenAPIModelName(),")
				} else {
					r.f.Print(`"`, dep.t.Name.String(), `",`)
				}
			}
			r.f.Print("},\n")
		}
		r.f.Print("}\n}\n\n")
	}
}

func (r *renderer) description(desc string) {
	if desc != "" {
		r.f.Print("Description: ", fmt.Sprintf("%#v", desc), ",\n")
	}
}

func (r *renderer) extensions(exts []extension) {
	if len(exts) == 0 {
		return
	}
	r.f.Print("VendorExtensible: spec.VendorExtensible{\nExtensions: spec.Extensions{\n")
	for _, e := range exts {
		r.f.Print(e.key, ": ", e.code, ",\n")
	}
	r.f.Print("},\n},\n")
}

func (r *renderer) property(p *property) {
	r.f.Print(`"`, p.name, "\": {\n")
	r.extensions(p.ext)
	r.f.Print("SchemaProps: spec.SchemaProps{\n")
	r.description(p.desc)
	if p.jsonString {
		r.f.Print("Type: []string{\"string\"},\nFormat: \"\",\n},\n},\n")
		return
	}
	if p.def != nil {
		if p.def.ref != nil {
			r.f.Print("Default: ", r.f.Name(&types.Type{Name: *p.def.ref}), ",\n")
		} else {
			r.f.Print("Default: ", fmt.Sprintf("%#v", p.def.data), ",\n")
		}
	}
	r.validations(&p.validation.SchemaProps)
	r.value(p.value)
	r.f.Print("},\n},\n")
}

func (r *renderer) value(v *valueSchema) {
	if v == nil {
		return
	}
	switch v.kind {
	case valueSimple:
		r.f.Print("Type: []string{\"", v.typ, "\"},\nFormat: \"", v.format, "\",\n")
		if v.enum != nil {
			r.f.Print("Enum: []interface{}{", strings.Join(v.enum.quoted(), ", "), "},\n")
		}
	case valueMap:
		r.f.Print("Type: []string{\"object\"},\nAdditionalProperties: &spec.SchemaOrBool{\nAllows: true,\nSchema: &spec.Schema{\nSchemaProps: spec.SchemaProps{\n")
		r.value(v.elem)
		r.f.Print("},\n},\n},\n")
	case valueArray:
		r.f.Print("Type: []string{\"array\"},\nItems: &spec.SchemaOrArray{\nSchema: &spec.Schema{\nSchemaProps: spec.SchemaProps{\n")
		r.value(v.elem)
		r.f.Print("},\n},\n},\n")
	case valueRef:
		if v.useModelName {
			r.f.Print("Ref: ref(", r.typeName(v.ref), "{}.OpenAPIModelName()),\n")
		} else {
			r.f.Print("Ref: ref(\"", v.ref.Name.String(), "\"),\n")
		}
	}
}

// validations writes the value validations of +k8s:validation: markers.
// (nullable, format and enum are read but, as upstream, not written.)
func (r *renderer) validations(s *spec.SchemaProps) {
	ptr := func() string { return r.name(ptrPkg, "To") }
	if s.Minimum != nil {
		r.f.Print("Minimum: ", ptr(), "[float64](", fmt.Sprint(*s.Minimum), "),\n")
	}
	if s.Maximum != nil {
		r.f.Print("Maximum: ", ptr(), "[float64](", fmt.Sprint(*s.Maximum), "),\n")
	}
	if s.ExclusiveMinimum {
		r.f.Print("ExclusiveMinimum: true,\n")
	}
	if s.ExclusiveMaximum {
		r.f.Print("ExclusiveMaximum: true,\n")
	}
	for _, f := range []struct {
		name string
		v    *int64
	}{{"MinLength", s.MinLength}, {"MaxLength", s.MaxLength}, {"MinProperties", s.MinProperties}, {"MaxProperties", s.MaxProperties}} {
		if f.v != nil {
			r.f.Print(f.name, ": ", ptr(), "[int64](", fmt.Sprint(*f.v), "),\n")
		}
	}
	if s.Pattern != "" {
		q, _ := json.Marshal(s.Pattern)
		r.f.Print("Pattern: ", string(q), ",\n")
	}
	if s.MultipleOf != nil {
		r.f.Print("MultipleOf: ", ptr(), "[float64](", fmt.Sprint(*s.MultipleOf), "),\n")
	}
	if s.MinItems != nil {
		r.f.Print("MinItems: ", ptr(), "[int64](", fmt.Sprint(*s.MinItems), "),\n")
	}
	if s.MaxItems != nil {
		r.f.Print("MaxItems: ", ptr(), "[int64](", fmt.Sprint(*s.MaxItems), "),\n")
	}
	if s.UniqueItems {
		r.f.Print("UniqueItems: true,\n")
	}
	if len(s.AllOf) > 0 {
		r.f.Print("AllOf: []spec.Schema{\n")
		for i := range s.AllOf {
			r.f.Print("{\n")
			r.schema(&s.AllOf[i])
			r.f.Print("},\n")
		}
		r.f.Print("},\n")
	}
}

// schema writes a nested validation schema: the validations, and the
// validations of its items, properties and additional properties.
func (r *renderer) schema(s *spec.Schema) {
	if !reflect.DeepEqual(s.SchemaProps, spec.SchemaProps{}) {
		r.f.Print("SchemaProps: spec.SchemaProps{\n")
		r.validations(&s.SchemaProps)
		if len(s.Properties) > 0 {
			r.f.Print("Properties: map[string]spec.Schema{\n")
			for _, k := range slices.Sorted(maps.Keys(s.Properties)) {
				v := s.Properties[k]
				r.f.Print(fmt.Sprintf("%#v", k), ": {\n")
				r.schema(&v)
				r.f.Print("},\n")
			}
			r.f.Print("},\n")
		}
		if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
			r.f.Print("AdditionalProperties: &spec.SchemaOrBool{\nAllows: true,\nSchema: &spec.Schema{\n")
			r.schema(s.AdditionalProperties.Schema)
			r.f.Print("},\n},\n")
		}
		if s.Items != nil && s.Items.Schema != nil {
			r.f.Print("Items: &spec.SchemaOrArray{\nSchema: &spec.Schema{\n")
			r.schema(s.Items.Schema)
			r.f.Print("},\n},\n")
		}
		r.f.Print("},\n")
	}
	if len(s.Extensions) > 0 {
		r.f.Print("VendorExtensible: spec.VendorExtensible{\nExtensions: spec.Extensions{\n")
		for _, k := range slices.Sorted(maps.Keys(s.Extensions)) {
			r.f.Print(fmt.Sprintf("%#v", k), ": ", fmt.Sprintf("%#v", s.Extensions[k]), ",\n")
		}
		r.f.Print("},\n},\n")
	}
}

// Package openapijson builds an OpenAPI v3 document, as kin-openapi models
// it, from the schemas openapi-gen computes for API types, and checks the
// document with kin-openapi's validation.
package openapijson

import (
	"context"
	"encoding/json"
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/internal/modelname"
	"github.com/apigen-dev/apigen/internal/openapi"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Document returns the validated OpenAPI 3.0 document whose component
// schemas are defs, keyed by model name. A reference in a schema names its
// target by the last element of its JSON pointer.
func Document(title, version string, defs map[string]spec.Schema) (*openapi3.T, error) {
	c := converter{known: defs}
	schemas := openapi3.Schemas{}
	for _, name := range slices.Sorted(maps.Keys(defs)) {
		schemas[name] = c.schema(defs[name])
	}
	if len(c.missing) > 0 {
		slices.Sort(c.missing)
		return nil, fmt.Errorf("references to schemas that are not defined: %s", strings.Join(slices.Compact(c.missing), ", "))
	}
	for _, r := range c.refs {
		r.Value = schemas[strings.TrimPrefix(r.Ref, componentPrefix)].Value
	}
	doc := &openapi3.T{
		OpenAPI:    "3.0.0",
		Info:       &openapi3.Info{Title: title, Version: version},
		Paths:      openapi3.NewPaths(),
		Components: &openapi3.Components{Schemas: schemas},
	}
	// Defaults are not checked against their schemas: Kubernetes' default
	// {} for a struct is valid once the struct's own field defaults apply,
	// which kin-openapi does not do, and upstream's documents carry it.
	if err := doc.Validate(context.Background(), openapi3.DisableSchemaDefaultsValidation()); err != nil {
		return nil, fmt.Errorf("the OpenAPI document is not valid: %w", err)
	}
	return doc, nil
}

// JSON returns the document as indented JSON.
func JSON(doc *openapi3.T) ([]byte, error) {
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

const componentPrefix = "#/components/schemas/"

type converter struct {
	known   map[string]spec.Schema
	refs    []*openapi3.SchemaRef // resolved once every component is built
	missing []string
}

// ref turns a reference into one to the document's component schemas.
func (c *converter) ref(r spec.Ref) *openapi3.SchemaRef {
	s := r.String()
	name := s[strings.LastIndex(s, "/")+1:]
	if _, ok := c.known[name]; !ok {
		c.missing = append(c.missing, s)
	}
	out := openapi3.NewSchemaRef(componentPrefix+name, nil)
	c.refs = append(c.refs, out)
	return out
}

func (c *converter) schema(s spec.Schema) *openapi3.SchemaRef {
	if s.Ref.String() != "" {
		if reflect.DeepEqual(s, spec.Schema{SchemaProps: spec.SchemaProps{Ref: s.Ref}}) {
			return c.ref(s.Ref)
		}
		// A reference has no siblings in OpenAPI 3.0: as kube-openapi's
		// builder3 does, the schema keeps them and refers through allOf.
		ref := spec.Schema{SchemaProps: spec.SchemaProps{Ref: s.Ref}}
		s.Ref, s.AllOf = spec.Ref{}, []spec.Schema{ref}
	}
	out := &openapi3.Schema{
		Title:       s.Title,
		Format:      s.Format,
		Description: s.Description,
		Enum:        s.Enum,
		Default:     s.Default,
		Example:     s.Example,
		UniqueItems: s.UniqueItems,
		Nullable:    s.Nullable,
		ReadOnly:    s.ReadOnly,
		Min:         s.Minimum,
		Max:         s.Maximum,
		MultipleOf:  s.MultipleOf,
		MinLength:   unsigned(s.MinLength),
		MaxLength:   unsignedPtr(s.MaxLength),
		Pattern:     s.Pattern,
		MinItems:    unsigned(s.MinItems),
		MaxItems:    unsignedPtr(s.MaxItems),
		MinProps:    unsigned(s.MinProperties),
		MaxProps:    unsignedPtr(s.MaxProperties),
		Required:    s.Required,
		Extensions:  s.Extensions,
	}
	if len(s.Type) > 0 {
		t := openapi3.Types(s.Type)
		out.Type = &t
	}
	if s.ExclusiveMinimum {
		out.ExclusiveMin = openapi3.ExclusiveBound{Bool: ptr(true)}
	}
	if s.ExclusiveMaximum {
		out.ExclusiveMax = openapi3.ExclusiveBound{Bool: ptr(true)}
	}
	out.AllOf, out.OneOf, out.AnyOf = c.list(s.AllOf), c.list(s.OneOf), c.list(s.AnyOf)
	if s.Not != nil {
		out.Not = c.schema(*s.Not)
	}
	if s.Items != nil && s.Items.Schema != nil {
		out.Items = c.schema(*s.Items.Schema)
	}
	if len(s.Properties) > 0 {
		out.Properties = openapi3.Schemas{}
		for name, p := range s.Properties {
			out.Properties[name] = c.schema(p)
		}
	}
	if ap := s.AdditionalProperties; ap != nil {
		if ap.Schema != nil {
			out.AdditionalProperties.Schema = c.schema(*ap.Schema)
		} else {
			out.AdditionalProperties.Has = ptr(ap.Allows)
		}
	}
	return openapi3.NewSchemaRef("", out)
}

func (c *converter) list(in []spec.Schema) openapi3.SchemaRefs {
	var out openapi3.SchemaRefs
	for _, s := range in {
		out = append(out, c.schema(s))
	}
	return out
}

func unsigned(p *int64) uint64 {
	if p == nil || *p < 0 {
		return 0
	}
	return uint64(*p)
}

func unsignedPtr(p *int64) *uint64 {
	if p == nil {
		return nil
	}
	v := unsigned(p)
	return &v
}

func ptr[T any](v T) *T { return &v }

// Generator writes the OpenAPI v3 document of the types openapi-gen
// generates definitions for.
type Generator struct {
	OutputFile     string // path of the JSON document
	Title, Version string
}

// Selects takes the packages openapi-gen takes: the document is of its
// definitions.
func (g *Generator) Selects(p *model.Package) bool { return modelname.OpenAPIInput(p) }

// Define declares the markers the definitions are computed from.
func (g *Generator) Define(reg *markers.Registry) { openapi.DefineMarkers(reg) }

// Generate builds, validates and writes the document.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	out := engine.Output{Owned: []string{g.OutputFile}, Roots: []string{filepath.Dir(g.OutputFile)}}
	specs := map[string]spec.Schema{}
	for name, s := range openapi.Specs(openapi.Schemas(m, diags)) {
		specs[restName(name)] = renameRefs(s)
	}
	doc, err := Document(g.Title, g.Version, specs)
	if err == nil {
		var data []byte
		if data, err = JSON(doc); err == nil {
			out.Files = append(out.Files, output.File{Path: g.OutputFile, Data: data})
			return out
		}
	}
	diags.Errorf(token.Position{}, "OpenAPI document %s: %v", g.OutputFile, err)
	return out
}

// restName turns a Go type name (k8s.io/api/core/v1.Pod) into the dotted
// form the Kubernetes API server publishes (io.k8s.api.core.v1.Pod);
// model names are already in that form.
func restName(name string) string {
	pkg, typ, ok := strings.Cut(name, "/")
	if !ok {
		return name
	}
	domain := strings.Split(pkg, ".")
	slices.Reverse(domain)
	return strings.Join(domain, ".") + "." + strings.ReplaceAll(typ, "/", ".")
}

// renameRefs rewrites every reference in s to the dotted names.
func renameRefs(s spec.Schema) spec.Schema {
	if ref := s.Ref.String(); ref != "" {
		s.Ref = spec.MustCreateRef("#/definitions/" + restName(openapi.RefName(ref)))
		return s
	}
	props := map[string]spec.Schema{}
	for k, p := range s.Properties {
		props[k] = renameRefs(p)
	}
	if len(props) > 0 {
		s.Properties = props
	}
	for _, list := range []*[]spec.Schema{&s.AllOf, &s.OneOf, &s.AnyOf} {
		if len(*list) > 0 {
			renamed := make([]spec.Schema, len(*list))
			for i, x := range *list {
				renamed[i] = renameRefs(x)
			}
			*list = renamed
		}
	}
	if s.Items != nil && s.Items.Schema != nil {
		item := renameRefs(*s.Items.Schema)
		s.Items = &spec.SchemaOrArray{Schema: &item}
	}
	if ap := s.AdditionalProperties; ap != nil && ap.Schema != nil {
		v := renameRefs(*ap.Schema)
		s.AdditionalProperties = &spec.SchemaOrBool{Allows: true, Schema: &v}
	}
	return s
}

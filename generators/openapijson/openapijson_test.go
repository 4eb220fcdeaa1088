package openapijson

import (
	"encoding/json"
	"strings"
	"testing"

	"k8s.io/kube-openapi/pkg/validation/spec"
)

func defs() map[string]spec.Schema {
	str := *spec.StringProperty()
	port := spec.Schema{SchemaProps: spec.SchemaProps{
		Type:       []string{"object"},
		Required:   []string{"port"},
		Properties: map[string]spec.Schema{"name": str, "port": *spec.Int32Property()},
	}}
	ports := spec.Schema{
		SchemaProps: spec.SchemaProps{
			Type:  []string{"array"},
			Items: &spec.SchemaOrArray{Schema: spec.RefSchema("#/definitions/io.example.v1.Port")},
		},
		VendorExtensible: spec.VendorExtensible{Extensions: spec.Extensions{
			"x-kubernetes-list-type":     "map",
			"x-kubernetes-list-map-keys": []any{"port"},
		}},
	}
	maxLen := int64(10)
	spec1 := spec.Schema{SchemaProps: spec.SchemaProps{
		Type: []string{"object"},
		Properties: map[string]spec.Schema{
			"ports":  ports,
			"labels": {SchemaProps: spec.SchemaProps{Type: []string{"object"}, AdditionalProperties: &spec.SchemaOrBool{Allows: true, Schema: &str}}},
			"target": {SchemaProps: spec.SchemaProps{Type: []string{"string"}, Format: "int-or-string"}},
			"code":   {SchemaProps: spec.SchemaProps{Type: []string{"string"}, MaxLength: &maxLen, Pattern: "^[a-z]+$"}},
		},
	}}
	return map[string]spec.Schema{"io.example.v1.Port": port, "io.example.v1.Spec": spec1}
}

func TestDocument(t *testing.T) {
	doc, err := Document("example", "v1", defs())
	if err != nil {
		t.Fatal(err)
	}
	b, err := JSON(doc)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		OpenAPI    string `json:"openapi"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if got.OpenAPI != "3.0.0" || len(got.Components.Schemas) != 2 {
		t.Fatalf("document: %s", b)
	}
	s := string(got.Components.Schemas["io.example.v1.Spec"])
	for _, want := range []string{
		`"$ref": "#/components/schemas/io.example.v1.Port"`,
		`"x-kubernetes-list-type": "map"`,
		`"format": "int-or-string"`,
		`"maxLength": 10`,
		`"additionalProperties": {`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("Spec schema lacks %s:\n%s", want, s)
		}
	}
}

func TestDocumentRejectsDanglingRefs(t *testing.T) {
	d := defs()
	delete(d, "io.example.v1.Port")
	if _, err := Document("example", "v1", d); err == nil || !strings.Contains(err.Error(), "io.example.v1.Port") {
		t.Errorf("err = %v, want one naming the missing schema", err)
	}
}

func TestDocumentRejectsInvalidSchemas(t *testing.T) {
	d := defs()
	bad := d["io.example.v1.Port"]
	bad.Type = []string{"objekt"}
	d["io.example.v1.Port"] = bad
	if _, err := Document("example", "v1", d); err == nil {
		t.Error("a schema of unknown type was accepted")
	}
}

// A reference with siblings refers through allOf and keeps them, as
// kube-openapi's builder3 writes it; a bare reference stays bare.
func TestDocumentWrapsRefsWithSiblings(t *testing.T) {
	d := defs()
	s := d["io.example.v1.Spec"]
	main := *spec.RefSchema("#/definitions/io.example.v1.Port")
	main.Description = "the main port"
	s.Properties["main"] = main
	doc, err := Document("example", "v1", d)
	if err != nil {
		t.Fatal(err)
	}
	got := doc.Components.Schemas["io.example.v1.Spec"].Value.Properties["main"]
	if got.Ref != "" || got.Value.Description != "the main port" || len(got.Value.AllOf) != 1 ||
		got.Value.AllOf[0].Ref != "#/components/schemas/io.example.v1.Port" {
		t.Errorf("main = %+v, want allOf the Port reference with its description", got.Value)
	}
	if ref := doc.Components.Schemas["io.example.v1.Spec"].Value.Properties["ports"].Value.Items.Ref; ref != "#/components/schemas/io.example.v1.Port" {
		t.Errorf("ports' items refer to %q", ref)
	}
}

package cel

import (
	"strings"
	"testing"

	generated "k8s.io/apiextensions-apiserver/pkg/generated/openapi"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// TestGeneratedOpenAPI runs Check over real openapi-gen output: the definitions of the
// apiextensions API, whose JSONSchemaProps is recursive and holds fields of any type, with
// the zero-value defaults openapi-gen writes. Rules are added to the root and to the
// recursive type; only the broken one may be reported, once, where JSONSchemaProps first
// occurs.
func TestGeneratedOpenAPI(t *testing.T) {
	defs := map[string]spec.Schema{}
	refTo := func(name string) spec.Ref { return spec.MustCreateRef(refDefinitions + common.EscapeJsonPointer(name)) }
	for name, d := range generated.GetOpenAPIDefinitions(refTo) {
		defs[name] = d.Schema
	}
	const (
		crd   = "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition"
		props = "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps"
	)
	if _, ok := defs[crd]; !ok {
		t.Fatalf("no %s among %d definitions", crd, len(defs))
	}
	defs[crd] = rules(defs[crd],
		r("self.spec.names.kind != ''"),
		r("self.spec.versions.all(v, !has(v.schema) || !has(v.schema.openAPIV3Schema) || v.schema.openAPIV3Schema.type == 'object')"),
		r("self.metadata.name.endsWith(self.spec.group)"))
	defs[props] = rules(defs[props],
		r("!has(self.maxLength) || self.maxLength >= 0"),
		r("!has(self.properties) || size(self.properties) <= 100"),
		r("self.nope"))
	got := Check(crd, defs, Options{})
	if len(got) != 1 {
		t.Fatalf("want one problem, got:\n%s", dump(got))
	}
	p := got[0]
	if p.Kind != KindRule || p.Def != props || p.DefPath != "" || p.Index != 2 || p.Field != "rule" ||
		p.Path != "/properties/spec/properties/versions/items/properties/schema/properties/openAPIV3Schema" ||
		!containsAll(p.Message, []string{"undefined field 'nope'"}) || strings.Contains(p.Message, "recursive") {
		t.Errorf("got %s at %s", p, p.Path)
	}
}

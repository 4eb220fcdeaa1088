package servercheck_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	generated "k8s.io/apiextensions-apiserver/pkg/generated/openapi"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/yaml"

	"github.com/apigen-dev/apigen/internal/cel"
	"github.com/apigen-dev/apigen/internal/servercheck"
	"github.com/apigen-dev/apigen/internal/servercheck/childtest"
)

// Schema builders for the cases.

func typed(t string) spec.Schema {
	return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{t}}}
}

func object(props map[string]spec.Schema) spec.Schema {
	s := typed("object")
	s.Properties = props
	return s
}

func listOf(item spec.Schema) spec.Schema {
	s := typed("array")
	s.Items = &spec.SchemaOrArray{Schema: &item}
	return s
}

func listMap(s spec.Schema, keys ...string) spec.Schema {
	s.AddExtension("x-kubernetes-list-type", "map")
	s.AddExtension("x-kubernetes-list-map-keys", keys)
	return s
}

func ref(name string) spec.Schema {
	return spec.Schema{SchemaProps: spec.SchemaProps{Ref: spec.MustCreateRef("#/definitions/" + name)}}
}

// withRules adds x-kubernetes-validations entries, each a map of its keys.
func withRules(s spec.Schema, rules ...map[string]any) spec.Schema {
	list := make([]any, len(rules))
	for i, r := range rules {
		list[i] = r
	}
	s.AddExtension("x-kubernetes-validations", list)
	return s
}

func rule(text string) map[string]any { return map[string]any{"rule": text} }

// resource makes s the schema of a kind, as openapi-gen writes one.
func resource(props map[string]spec.Schema) spec.Schema {
	props["apiVersion"], props["kind"], props["metadata"] = typed("string"), typed("string"), object(nil)
	return object(props)
}

const containsRule = "self.all(x, x.contains('a string'))"

type celCase struct {
	name string
	root string
	defs map[string]spec.Schema
	opts servercheck.Options
}

func celCases() []celCase {
	cases := []celCase{
		{name: "passes", defs: map[string]spec.Schema{"T": withRules(resource(map[string]spec.Schema{"a": typed("integer")}), rule("self.a > 0"))}},
		{name: "does not compile", defs: map[string]spec.Schema{"T": withRules(resource(map[string]spec.Schema{"a": typed("integer")}), rule("self.nope > 0"), rule("self.a >"))}},
		{name: "cost over the limit", defs: map[string]spec.Schema{"T": resource(map[string]spec.Schema{
			"list": withRules(listOf(typed("string")), rule(containsRule))})}},
		{name: "cost over the limit, no bound search", opts: servercheck.Options{NoBoundSearch: true}, defs: map[string]spec.Schema{"T": resource(map[string]spec.Schema{
			"list": withRules(listOf(typed("string")), rule(containsRule))})}},
		{name: "schema refused", defs: map[string]spec.Schema{"T": withRules(resource(map[string]spec.Schema{
			"l": listMap(listOf(object(map[string]spec.Schema{"name": typed("string")})), "nope")}), rule("size(self.l) > 0"))}},
		{name: "reference does not resolve", defs: map[string]spec.Schema{"T": resource(map[string]spec.Schema{"x": ref("Missing")})}},
		{name: "rule fields", defs: map[string]spec.Schema{"T": withRules(resource(map[string]spec.Schema{"a": typed("integer")}),
			map[string]any{"rule": "self.a > 0", "messageExpression": "1"},
			map[string]any{"rule": "self.a > 0", "reason": "FieldValueWrong"},
			map[string]any{"rule": "self.a > 0", "fieldPath": ".nope"})}},
		{name: "recursion", defs: map[string]spec.Schema{
			"T":    resource(map[string]spec.Schema{"node": ref("Node")}),
			"Node": withRules(object(map[string]spec.Schema{"name": typed("string"), "children": listOf(ref("Node"))}), rule("self.children.all(c, c.children.all(d, d.children.size() < 3))")),
		}},
		{name: "typed rules", defs: map[string]spec.Schema{"T": func() spec.Schema {
			s := resource(map[string]spec.Schema{"a": typed("integer")})
			s.AddExtension("x-kubernetes-validations", []apiextv1.ValidationRule{{Rule: "self.a > 0"}, {Rule: "self.b > 0"}})
			return s
		}()}},
		{name: "missing root", root: "Nope", defs: map[string]spec.Schema{}},
	}
	// The generated definitions of the apiextensions API: recursive, with
	// openapi-gen's zero-value defaults, a failing rule deep inside.
	defs := map[string]spec.Schema{}
	refTo := func(name string) spec.Ref {
		return spec.MustCreateRef("#/definitions/" + common.EscapeJsonPointer(name))
	}
	for name, d := range generated.GetOpenAPIDefinitions(refTo) {
		defs[name] = d.Schema
	}
	const crd = "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition"
	const props = "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps"
	defs[crd] = withRules(defs[crd], rule("self.spec.names.kind != ''"))
	defs[props] = withRules(defs[props], rule("!has(self.maxLength) || self.maxLength >= 0"), rule("self.nope"))
	cases = append(cases, celCase{name: "generated apiextensions API", root: crd, defs: defs})
	for i := range cases {
		if cases[i].root == "" {
			cases[i].root = "T"
		}
	}
	return cases
}

// exampleCRD reads the example's CRD, which the API server accepts.
func exampleCRD(t *testing.T) *apiextv1.CustomResourceDefinition {
	t.Helper()
	data, err := os.ReadFile("../../testdata/example/config/crd/frobbers.example.com_frobbers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextv1.CustomResourceDefinition
	if err := yaml.UnmarshalStrict(data, &crd); err != nil {
		t.Fatal(err)
	}
	return &crd
}

type crdCase struct {
	name   string
	change func(c *apiextv1.CustomResourceDefinition, spec *apiextv1.JSONSchemaProps)
}

func crdCases() []crdCase {
	prop := func(s *apiextv1.JSONSchemaProps, name string, p apiextv1.JSONSchemaProps) {
		s.Properties["spec"].Properties[name] = p
	}
	str := apiextv1.JSONSchemaProps{Type: "string"}
	return []crdCase{
		{"accepted", func(*apiextv1.CustomResourceDefinition, *apiextv1.JSONSchemaProps) {}},
		{"rule does not compile", func(_ *apiextv1.CustomResourceDefinition, s *apiextv1.JSONSchemaProps) {
			spec := s.Properties["spec"]
			spec.XValidations = append(spec.XValidations, apiextv1.ValidationRule{Rule: "self.nope >"})
			s.Properties["spec"] = spec
		}},
		{"rule over the cost limit", func(_ *apiextv1.CustomResourceDefinition, s *apiextv1.JSONSchemaProps) {
			prop(s, "names", apiextv1.JSONSchemaProps{Type: "array", Items: &apiextv1.JSONSchemaPropsOrArray{Schema: &str},
				XValidations: apiextv1.ValidationRules{{Rule: containsRule}}})
		}},
		{"not structural", func(_ *apiextv1.CustomResourceDefinition, s *apiextv1.JSONSchemaProps) {
			prop(s, "untyped", apiextv1.JSONSchemaProps{Description: "no type"})
		}},
		{"default of the wrong type", func(_ *apiextv1.CustomResourceDefinition, s *apiextv1.JSONSchemaProps) {
			prop(s, "count", apiextv1.JSONSchemaProps{Type: "integer", Default: &apiextv1.JSON{Raw: []byte(`"three"`)}})
		}},
		{"names", func(c *apiextv1.CustomResourceDefinition, _ *apiextv1.JSONSchemaProps) {
			c.Name = "wrong.example.com"
			c.Spec.Scope = "Everywhere"
			c.Spec.PreserveUnknownFields = true
		}},
		{"two storage versions", func(c *apiextv1.CustomResourceDefinition, _ *apiextv1.JSONSchemaProps) {
			var v *apiextv1.CustomResourceDefinitionVersion
			for i := range c.Spec.Versions {
				if c.Spec.Versions[i].Storage {
					v = c.Spec.Versions[i].DeepCopy()
				}
			}
			v.Name = "v2"
			c.Spec.Versions = append(c.Spec.Versions, *v)
		}},
	}
}

// TestChildAnswersAsInProcess runs the CEL and CRD checks in
// cmd/apigen-check, as apigen does, and in process: the answers must be
// the same, on rules and CRDs that pass and that fail.
func TestChildAnswersAsInProcess(t *testing.T) {
	childtest.Use(t)
	for _, c := range celCases() {
		want := cel.Check(c.root, c.defs, c.opts)
		got, err := servercheck.CEL(c.root, c.defs, c.opts)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: through the child:\n%s\nin process:\n%s", c.name, dump(got), dump(want))
		}
		if c.name != "passes" && len(want) == 0 {
			t.Errorf("%s: no problem to compare", c.name)
		}
	}
	nonString := 0
	for _, c := range crdCases() {
		crd := exampleCRD(t)
		c.change(crd, crd.Spec.Versions[0].Schema.OpenAPIV3Schema)
		want := cel.ValidateCRD(crd)
		got, err := servercheck.CRD(crd)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if c.name != "accepted" && len(want) == 0 {
			t.Errorf("%s: no error to compare", c.name)
		}
		sameErrors(t, c.name, got, want)
		for _, e := range want {
			if _, ok := e.BadValue.(string); !ok && e.BadValue != nil {
				nonString++
			}
		}
	}
	if nonString == 0 {
		t.Error("no error with a value other than a string: the cases do not cover its text form")
	}
}

// sameErrors compares what the crd generator and apigen's callers read
// of each error.
func sameErrors(t *testing.T, name string, got, want field.ErrorList) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d errors through the child, %d in process:\n%v\n%v", name, len(got), len(want), got, want)
		return
	}
	for i, w := range want {
		g := got[i]
		ws, wIsString := w.BadValue.(string)
		gs, gIsString := g.BadValue.(string)
		if g.Error() != w.Error() || g.Type != w.Type || g.Field != w.Field || g.Detail != w.Detail ||
			g.Origin != w.Origin || gIsString != wIsString || gs != ws {
			t.Errorf("%s: error %d through the child:\n%#v\nin process:\n%#v", name, i, g, w)
		}
	}
}

func dump(ps []servercheck.Problem) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "  %s (%s at %q)\n", p, p.Kind, p.Path)
	}
	return b.String()
}

// TestNoChecker: with no checker to be had, each call says why, and
// NotRun counts it.
func TestNoChecker(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "apigen-check")
	t.Setenv("APIGEN_CHECK", missing)
	t.Cleanup(servercheck.Unlink())
	before := servercheck.NotRun()
	if _, err := servercheck.CEL("T", celCases()[0].defs, servercheck.Options{}); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("CEL without a checker: %v", err)
	}
	if _, err := servercheck.CRD(exampleCRD(t)); err == nil {
		t.Errorf("CRD without a checker: no error")
	}
	if n := servercheck.NotRun() - before; n != 2 {
		t.Errorf("NotRun grew by %d, want 2", n)
	}
}

// TestBadChecker: a checker that speaks another protocol is refused, and
// one that dies fails the requests it had.
func TestBadChecker(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses shell scripts as checkers")
	}
	for name, c := range map[string]struct{ script, want string }{
		"other protocol": {`echo '{"Protocol":99}'`, "from another apigen"},
		"no hello":       {`exit 3`, "did not start"},
		"dies":           {`echo '{"Protocol":1}'; read line; exit 4`, "stopped: exit status 4"},
	} {
		t.Run(name, func(t *testing.T) {
			bin := filepath.Join(t.TempDir(), "apigen-check")
			if err := os.WriteFile(bin, []byte("#!/bin/sh\n"+c.script+"\n"), 0o755); err != nil {
				t.Fatal(err)
			}
			t.Setenv("APIGEN_CHECK", bin)
			t.Cleanup(servercheck.Unlink())
			done := make(chan error, 1)
			go func() {
				_, err := servercheck.CEL("T", celCases()[0].defs, servercheck.Options{})
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(time.Minute):
				t.Fatal("the call still waits after a minute")
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one with %q", err, c.want)
			}
		})
	}
}

// TestBuildsOnce: with no $APIGEN_CHECK and nothing beside the test
// binary, the checker is built from this checkout into the cache, and a
// second process (here: a fresh child) reuses it.
func TestBuildsOnce(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("APIGEN_CHECK", "")
	t.Setenv("APIGEN_CACHE", cache)
	c := celCases()[1]
	want := cel.Check(c.root, c.defs, c.opts)
	checkWith := func() os.FileInfo {
		t.Helper()
		defer servercheck.Unlink()()
		got, err := servercheck.CEL(c.root, c.defs, c.opts)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("through the built checker: %v\n%s", err, dump(got))
		}
		built, _ := filepath.Glob(filepath.Join(cache, "checker", "apigen-check-*"))
		if len(built) != 1 {
			t.Fatalf("the cache holds %v", built)
		}
		fi, err := os.Stat(built[0])
		if err != nil {
			t.Fatal(err)
		}
		return fi
	}
	first := checkWith()
	if second := checkWith(); !os.SameFile(first, second) {
		t.Error("the checker was built again")
	}
}

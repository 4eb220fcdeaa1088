package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// goodModel loads a copy of testdata/openapi/good.
func goodModel(t *testing.T) (string, *model.Model) {
	t.Helper()
	src, err := filepath.Abs("../../testdata/openapi")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	res, diags := load.Load(load.Config{Dir: dir, Patterns: []string{"./good/..."}})
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	reg := &markers.Registry{}
	(&Generator{}).Define(reg)
	m := model.Build(res, reg, diags)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	return dir, m
}

// lineOf returns the line of file on which text first appears.
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(b, []byte(text))
	if i < 0 {
		t.Fatalf("%s has no %q", file, text)
	}
	return bytes.Count(b[:i], []byte("\n")) + 1
}

func TestSchemasRules(t *testing.T) {
	dir, m := goodModel(t)
	var diags diag.List
	defs := Schemas(m, &diags)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	types := filepath.Join(dir, "good/v1/types.go")
	w := defs["example.openapi.v1.Widget"]
	if w == nil {
		t.Fatalf("no Widget among %d definitions", len(defs))
	}
	for _, c := range []struct {
		path       string
		index      int
		rule       string
		marker     string // the text of the line Pos must point at
		entryFirst string // and of EntryPos
	}{
		{"", 0, "self.spec.size <= 100 || self.spec.big", `cel[0]:rule="self.spec.size`, `cel[0]:rule="self.spec.size`},
		{"/properties/spec", 0, "self.size >= 0", `cel[0]:rule="self.size >= 0"`, `cel[0]:rule="self.size >= 0"`},
		{"/properties/spec", 1, "self.name == oldSelf.name ||\nself.name == ''", `cel[1]:rule>self.name`, `cel[1]:rule>self.name`},
	} {
		r := w.RuleAt(c.path, c.index)
		if r == nil {
			t.Errorf("no rule %d at %q; rules: %+v", c.index, c.path, w.Rules)
			continue
		}
		if r.Rule != c.rule {
			t.Errorf("rule %d at %q is %q, want %q", c.index, c.path, r.Rule, c.rule)
		}
		if want := lineOf(t, types, c.marker); r.Pos.Line != want || r.Pos.Filename != types {
			t.Errorf("rule %d at %q: Pos %v, want line %d of %s", c.index, c.path, r.Pos, want, types)
		}
		if want := lineOf(t, types, c.entryFirst); r.EntryPos.Line != want {
			t.Errorf("rule %d at %q: EntryPos %v, want line %d", c.index, c.path, r.EntryPos, want)
		}
	}
	spec := defs["example.openapi.v1.WidgetSpec"]
	r := spec.RuleAt("/properties/parts/allOf/0/items", 0)
	if r == nil || r.Rule != "self.port > 0" || r.Pos.Line != lineOf(t, types, "items:cel[0]:rule") {
		t.Errorf("the items rule of parts: %+v", r)
	}
	// The rules are where Path says, in the schema.
	for _, d := range defs {
		for _, r := range d.Rules {
			s := at(t, d.Schema, r.Path)
			list, _ := s.Extensions[validationsExtension].([]any)
			if r.Index >= len(list) || list[r.Index].(map[string]any)["rule"] != r.Rule {
				t.Errorf("%s: rule %d at %q is not in the schema: %v", d.Name, r.Index, r.Path, s.Extensions)
			}
		}
	}
	// Every +k8s:validation: marker is listed with its line.
	var markerLines []int
	for _, mk := range spec.Markers {
		if mk.Key == "maxLength" {
			markerLines = append(markerLines, mk.Pos.Line)
		}
	}
	// Those of inlined fields (PointerInline.Pointed) included.
	if want := []int{lineOf(t, types, "+k8s:validation:maxLength=63"), lineOf(t, types, "+k8s:validation:maxLength=5")}; !slices.Equal(markerLines, want) {
		t.Errorf("maxLength markers of WidgetSpec at lines %v, want %v", markerLines, want)
	}
	if d := defs["k8s.io/apimachinery/pkg/apis/meta/v1.Time"]; d != nil {
		t.Errorf("metav1.Time is not generated here, but has a definition")
	}
	other := spec.Schema.Properties["other"]
	if got := other.Ref.String(); got != "#/definitions/openapi.example~1good~1other.Thing" {
		t.Errorf("reference to other.Thing: %q", got)
	}
	if d := defs["openapi.example/good/other.Thing"]; d == nil || d.Listed != true {
		t.Errorf("other.Thing is not listed by its Go name")
	}
	if d := defs["example.openapi.v1.private"]; d == nil || d.Listed {
		t.Errorf("private types have a definition, but are not listed: %+v", d)
	}
	if got := Specs(defs); len(got) != len(defs) {
		t.Errorf("Specs has %d schemas for %d definitions", len(got), len(defs))
	}
}

// at follows a JSON pointer of properties, items, additionalProperties and
// allOf into s.
func at(t *testing.T, s spec.Schema, ptr string) spec.Schema {
	t.Helper()
	steps := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i := 0; ptr != "" && i < len(steps); i++ {
		switch steps[i] {
		case "properties":
			i++
			s = s.Properties[strings.ReplaceAll(strings.ReplaceAll(steps[i], "~1", "/"), "~0", "~")]
		case "items":
			s = *s.Items.Schema
		case "additionalProperties":
			s = *s.AdditionalProperties.Schema
		case "allOf":
			i++
			s = s.AllOf[steps[i][0]-'0']
		default:
			t.Fatalf("pointer %q", ptr)
		}
	}
	return s
}

// TestSchemasAreTheCode compiles the generated code for testdata/openapi
// and runs GetOpenAPIDefinitions: its schemas must be the ones Schemas
// returns, except those of the types that supply their own.
func TestSchemasAreTheCode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generated code")
	}
	dir, m := goodModel(t)
	g := &Generator{OutputDir: filepath.Join(dir, "generated"), OutputPkg: "openapi.example/generated", OutputFile: "zz_generated.openapi.go"}
	var diags diag.List
	out := g.Generate(m, &diags)
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	for _, f := range out.Files {
		os.MkdirAll(filepath.Dir(f.Path), 0o755)
		if err := os.WriteFile(f.Path, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The OpenAPIModelName methods that --output-model-name-file would
	// write for good/v1, whose package marker names example.openapi.v1.
	names := "package v1\n"
	for _, p := range m.Packages {
		if !strings.HasSuffix(p.Path, "/v1") {
			continue
		}
		for _, typ := range p.Types {
			if typ.Kind == types.Struct && typ.Name.Name != "Named" && !namer.IsPrivateGoName(typ.Name.Name) {
				names += fmt.Sprintf("func (%s) OpenAPIModelName() string { return %q }\n", typ.Name.Name, "example.openapi.v1."+typ.Name.Name)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "good/v1/zz_model_name.go"), []byte(names), 0o644); err != nil {
		t.Fatal(err)
	}
	main := `package main

import (
	"encoding/json"
	"os"

	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"openapi.example/generated"
)

func main() {
	defs := generated.GetOpenAPIDefinitions(func(name string) spec.Ref {
		return spec.MustCreateRef("#/definitions/" + common.EscapeJsonPointer(name))
	})
	out := map[string]spec.Schema{}
	for k, d := range defs {
		out[k] = d.Schema
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
`
	os.MkdirAll(filepath.Join(dir, "cmd/dump"), 0o755)
	if err := os.WriteFile(filepath.Join(dir, "cmd/dump/main.go"), []byte(main), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "./cmd/dump")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("running the generated code: %v\n%s", err, stderr.String())
	}
	var fromCode map[string]json.RawMessage
	if err := json.Unmarshal(b, &fromCode); err != nil {
		t.Fatal(err)
	}
	defs := Schemas(m, &diags)
	compared := 0
	for name, d := range defs {
		// A hand-written OpenAPIModelName cannot be read (the load has no
		// function bodies), so Schemas names such types by Go name.
		if d.Custom || !d.Listed || d.Type.Name.Name == "Named" {
			continue
		}
		want, ok := fromCode[name]
		if !ok {
			t.Errorf("%s: not in GetOpenAPIDefinitions", name)
			continue
		}
		got, err := json.Marshal(d.Schema)
		if err != nil {
			t.Fatal(err)
		}
		if !jsonEqual(t, want, got) {
			t.Errorf("%s differs from the code's schema:\ncode:    %s\nSchemas: %s", name, want, got)
		}
		compared++
	}
	if compared < 10 {
		t.Errorf("compared %d schemas, expected at least 10", compared)
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		t.Fatalf("not JSON: %s / %s", a, b)
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

// TestSchemasShared: every caller of one model gets the definitions
// computed once, and each gets the problems found.
func TestSchemasShared(t *testing.T) {
	src, err := filepath.Abs("../../testdata/openapi")
	if err != nil {
		t.Fatal(err)
	}
	res, diags := load.Load(load.Config{Dir: src, Patterns: []string{"./bad/minmax"}})
	if err := diags.Err(); err != nil {
		t.Fatal(err)
	}
	reg := &markers.Registry{}
	DefineMarkers(reg)
	m := model.Build(res, reg, diags)
	var first, second diag.List
	a, b := Schemas(m, &first), Schemas(m, &second)
	if len(a) != 1 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("two calls gave %v and %v", a, b)
	}
	if first.Len() != 1 || second.Len() != 1 || !strings.Contains(second.Err().Error(), "is greater than") {
		t.Errorf("diagnostics of the first call: %v; of the second: %v", first.Err(), second.Err())
	}
}

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

func generateIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args = append([]string{"generate", "-C", dir}, args...)
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("apigen %v exited %d:\n%s%s", args, code, stdout.String(), stderr.String())
	}
}

// TestExampleUpToDate checks that the committed generated files of the
// bundled example are what apigen generates now.
func TestExampleUpToDate(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata/example")
	generateIn(t, dir, "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"), "--verify-only", "./...")
}

// TestExampleRoundTrip regenerates the example from scratch and runs its
// own tests: they deep-copy every field kind and mutate the copies, convert
// 1000 random objects of each kind to the internal version and back through
// the generated conversions, and default them twice.
func TestExampleRoundTrip(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/example")
	dir := refmodtest.CopyDir(t, src)
	names := map[string]int{"zz_generated.deepcopy.go": 4, "zz_generated.defaults.go": 2, "zz_generated.conversion.go": 3}
	shipped := map[string]map[string][]byte{}
	for name, count := range names {
		shipped[name] = refmodtest.Take(t, dir, name)
		if len(shipped[name]) != count {
			t.Fatalf("the example has %d %s files, want %d", len(shipped[name]), name, count)
		}
	}
	generateIn(t, dir, "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"), "./...")
	for name := range names {
		refmodtest.Compare(t, dir, name, shipped[name])
	}
	refmodtest.GoTest(t, dir)
}

// TestGenerics generates methods for generic types, compares them with the
// expected file, and runs the package's behavioural tests on them.
func TestGenerics(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/generics")
	dir := refmodtest.CopyDir(t, src)
	generateIn(t, dir, "./...")
	want, err := os.ReadFile(filepath.Join(dir, "pairs/zz_generated.deepcopy.go.golden"))
	if err != nil {
		t.Fatal(err)
	}
	refmodtest.Compare(t, dir, "zz_generated.deepcopy.go", map[string][]byte{
		filepath.Join(dir, "pairs/zz_generated.deepcopy.go"): want,
	})
	refmodtest.GoTest(t, dir)
}

// TestSampleAPIServerHelpers regenerates sample-apiserver's helpers the way
// kube::codegen::gen_helpers does, in one apigen process over one load,
// expects upstream's bytes, and then runs round-trip and defaulting tests
// on the regenerated code with the wardle types registered in a scheme.
func TestSampleAPIServerHelpers(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	names := map[string]int{"zz_generated.deepcopy.go": 3, "zz_generated.defaults.go": 2, "zz_generated.conversion.go": 2}
	shipped := map[string]map[string][]byte{}
	for name, count := range names {
		if shipped[name] = refmodtest.Take(t, dir, name); len(shipped[name]) != count {
			t.Fatalf("sample-apiserver ships %d %s files, want %d", len(shipped[name]), name, count)
		}
	}
	const p = "k8s.io/sample-apiserver/pkg/apis/wardle"
	generateIn(t, dir, "--generators", "deepcopy,defaulter,conversion", "--go-header-file", "hack/boilerplate.go.txt", p, p+"/v1alpha1", p+"/v1beta1")
	for name := range names {
		refmodtest.Compare(t, dir, name, shipped[name])
	}
	test, err := os.ReadFile("../../testdata/wardle/apigen_roundtrip_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pkg/apis/wardle/install/apigen_roundtrip_test.go"), test, 0o644); err != nil {
		t.Fatal(err)
	}
	refmodtest.GoTest(t, filepath.Join(dir, "pkg/apis/wardle"))
}

// TestSampleAPIServerOpenAPI runs openapi-gen and the model names through
// apigen generate, as kube::codegen::gen_openapi does, and expects
// sample-apiserver's shipped files and upstream's 15 API rule violations;
// then writes the OpenAPI v3 document and checks that kin-openapi accepts
// it.
func TestSampleAPIServerOpenAPI(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	shipped := map[string]map[string][]byte{
		"zz_generated.openapi.go":    refmodtest.Take(t, dir, "zz_generated.openapi.go"),
		"zz_generated.model_name.go": refmodtest.Take(t, dir, "zz_generated.model_name.go"),
	}
	if len(shipped["zz_generated.openapi.go"]) != 1 || len(shipped["zz_generated.model_name.go"]) != 2 {
		t.Fatalf("unexpected shipped files: %d openapi, %d model name", len(shipped["zz_generated.openapi.go"]), len(shipped["zz_generated.model_name.go"]))
	}
	report := filepath.Join(t.TempDir(), "report.txt")
	doc := filepath.Join(t.TempDir(), "openapi.json")
	args := []string{"--generators", "model-name,openapi,openapi-json", "--go-header-file", "hack/boilerplate.go.txt",
		"--openapi-output-dir", "pkg/generated/openapi", "--openapi-output-pkg", "k8s.io/sample-apiserver/pkg/generated/openapi",
		"--openapi-report-filename", report, "--model-name-output-file", "zz_generated.model_name.go", "--openapi-json-output-file", doc}
	for _, p := range []string{"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/api/resource", "k8s.io/apimachinery/pkg/runtime",
		"k8s.io/apimachinery/pkg/types", "k8s.io/apimachinery/pkg/util/intstr", "k8s.io/apimachinery/pkg/version", "time"} {
		args = append(args, "--model-name-readonly-pkg", p)
	}
	const w = "k8s.io/sample-apiserver/pkg/apis/wardle"
	args = append(args, "k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime",
		"k8s.io/apimachinery/pkg/version", "k8s.io/apimachinery/pkg/api/resource", w+"/v1alpha1", w+"/v1beta1")
	generateIn(t, dir, args...)
	for name, files := range shipped {
		refmodtest.Compare(t, dir, name, files)
	}
	lines, _ := os.ReadFile(report)
	if n := bytes.Count(lines, []byte("\n")); n != 15 || !bytes.HasPrefix(lines, []byte("API rule violation: ")) {
		t.Errorf("report has %d lines, want upstream's 15:\n%s", n, lines)
	}
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := openapi3.NewLoader().LoadFromData(data)
	if err != nil {
		t.Fatalf("the OpenAPI document does not load: %v", err)
	}
	// Defaults are not checked against their schemas: as kube-openapi's
	// builder3 writes it, a struct field keeps its default {} beside an
	// allOf reference to a schema with required properties, valid once the
	// API server applies the struct's own field defaults, which kin-openapi
	// does not do.
	if err := loaded.Validate(context.Background(), openapi3.DisableSchemaDefaultsValidation()); err != nil {
		t.Errorf("the OpenAPI document is not valid: %v", err)
	}
	for _, kind := range []string{"v1alpha1.Flunder", "v1alpha1.Fischer", "v1beta1.Flunder"} {
		if loaded.Components.Schemas["io.k8s.sample-apiserver.pkg.apis.wardle."+kind] == nil {
			t.Errorf("the document has no schema for wardle %s", kind)
		}
	}
}

// TestSessionDirectoryReleased checks that a failed run, which serves no
// session, leaves no session directory behind: kube_codegen.sh makes one
// per shell, and otherwise only a serving process removes it. (A run that
// succeeds detaches from its output, so it cannot run in this process.)
func TestSessionDirectoryReleased(t *testing.T) {
	dir, _ := filepath.Abs("../../testdata/example")
	for name, pattern := range map[string]string{"failed": "./no-such-package", "misspelt flag": "--generatorz=deepcopy"} {
		t.Run(name, func(t *testing.T) {
			session := filepath.Join(t.TempDir(), "s")
			if err := os.Mkdir(session, 0o700); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			run([]string{"generate", "-C", dir, "--session", session, "--verify-only", "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"), pattern}, &stdout, &stderr)
			if _, err := os.Stat(session); !os.IsNotExist(err) {
				t.Errorf("after a %s run the session directory is still there (%v):\n%s", name, err, stderr.String())
			}
		})
	}
}

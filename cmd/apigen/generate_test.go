package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/refmod"
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
	dir := refmod.CopyDir(t, src)
	names := map[string]int{"zz_generated.deepcopy.go": 3, "zz_generated.defaults.go": 2, "zz_generated.conversion.go": 2}
	shipped := map[string]map[string][]byte{}
	for name, count := range names {
		shipped[name] = refmod.Take(t, dir, name)
		if len(shipped[name]) != count {
			t.Fatalf("the example has %d %s files, want %d", len(shipped[name]), name, count)
		}
	}
	generateIn(t, dir, "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"), "./...")
	for name := range names {
		refmod.Compare(t, dir, name, shipped[name])
	}
	refmod.GoTest(t, dir)
}

// TestGenerics generates methods for generic types, compares them with the
// expected file, and runs the package's behavioural tests on them.
func TestGenerics(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/generics")
	dir := refmod.CopyDir(t, src)
	generateIn(t, dir, "./...")
	want, err := os.ReadFile(filepath.Join(dir, "pairs/zz_generated.deepcopy.go.golden"))
	if err != nil {
		t.Fatal(err)
	}
	refmod.Compare(t, dir, "zz_generated.deepcopy.go", map[string][]byte{
		filepath.Join(dir, "pairs/zz_generated.deepcopy.go"): want,
	})
	refmod.GoTest(t, dir)
}

// TestSampleAPIServerHelpers regenerates sample-apiserver's helpers the way
// kube::codegen::gen_helpers does, in one apigen process over one load,
// expects upstream's bytes, and then runs round-trip and defaulting tests
// on the regenerated code with the wardle types registered in a scheme.
func TestSampleAPIServerHelpers(t *testing.T) {
	dir := refmod.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	names := map[string]int{"zz_generated.deepcopy.go": 3, "zz_generated.defaults.go": 2, "zz_generated.conversion.go": 2}
	shipped := map[string]map[string][]byte{}
	for name, count := range names {
		if shipped[name] = refmod.Take(t, dir, name); len(shipped[name]) != count {
			t.Fatalf("sample-apiserver ships %d %s files, want %d", len(shipped[name]), name, count)
		}
	}
	const p = "k8s.io/sample-apiserver/pkg/apis/wardle"
	generateIn(t, dir, "--generators", "deepcopy,defaulter,conversion", "--go-header-file", "hack/boilerplate.go.txt", p, p+"/v1alpha1", p+"/v1beta1")
	for name := range names {
		refmod.Compare(t, dir, name, shipped[name])
	}
	test, err := os.ReadFile("../../testdata/wardle/apigen_roundtrip_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pkg/apis/wardle/install/apigen_roundtrip_test.go"), test, 0o644); err != nil {
		t.Fatal(err)
	}
	refmod.GoTest(t, filepath.Join(dir, "pkg/apis/wardle"))
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

const outputName = "zz_generated.conversion.go"

// regenerateShipped regenerates the conversions of module's packages, named
// below base, as its hack/update-codegen.sh does, and expects the n
// shipped files back.
func regenerateShipped(t *testing.T, module, base string, n int, pkgs ...string) {
	t.Helper()
	dir := refmodtest.Copy(t, module)
	args := []string{"--output-file", outputName, "--go-header-file", "hack/boilerplate.go.txt"}
	for _, p := range pkgs {
		args = append(args, base+"/"+p)
	}
	shipped := refmodtest.Regenerate(t, dir, outputName, run, args...)
	if len(shipped) != n {
		t.Fatalf("%s ships %d conversion files, expected %d", module, len(shipped), n)
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

func TestParitySampleAPIServer(t *testing.T) {
	regenerateShipped(t, "k8s.io/sample-apiserver@v0.37.2", "k8s.io/sample-apiserver/pkg/apis/wardle", 2, "v1alpha1", "v1beta1")
}

func TestParityMetrics(t *testing.T) {
	regenerateShipped(t, "k8s.io/metrics@v0.37.2", "k8s.io/metrics/pkg/apis", 6,
		"metrics/v1alpha1", "metrics/v1beta1", "metrics/v1", "custom_metrics/v1beta1", "custom_metrics/v1beta2", "external_metrics/v1beta1")
}

// TestParityAPIExtensions regenerates apiextensions-apiserver's
// conversions. Its internal JSON is an interface and its versioned JSON a
// struct: the generated auto functions cannot convert them, and the
// hand-written Convert_ functions do, so that is no error.
func TestParityAPIExtensions(t *testing.T) {
	regenerateShipped(t, "k8s.io/apiextensions-apiserver@v0.37.2", "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions", 2, "v1", "v1beta1")
}

// TestParitySkipUnsafe compares ours with upstream's binary, run in the
// same test, with --skip-unsafe: no conversion may use unsafe.Pointer.
func TestParitySkipUnsafe(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/metrics@v0.37.2")
	args := []string{"--skip-unsafe", "--output-file", outputName, "--go-header-file", "hack/boilerplate.go.txt"}
	for _, p := range []string{"metrics/v1beta1", "custom_metrics/v1beta2", "external_metrics/v1beta1"} {
		args = append(args, "k8s.io/metrics/pkg/apis/"+p)
	}
	refmodtest.Take(t, dir, outputName)
	want := refmodtest.Upstream(t, "conversion-gen", dir, outputName, args...)
	if len(want) != 3 {
		t.Fatalf("upstream wrote %d files, want 3", len(want))
	}
	for p, b := range want {
		if bytes.Contains(b, []byte("unsafe")) {
			t.Fatalf("upstream's %s uses unsafe despite --skip-unsafe", p)
		}
	}
	refmodtest.Regenerate(t, dir, outputName, run, args...)
	refmodtest.Compare(t, dir, outputName, want)
}

// TestDiagnostics runs conversion-gen on bad input, in a copy of
// testdata/conversion: each run must print exactly the golden diagnostics;
// one with an error exits 1 and writes nothing, one with warnings only
// writes (see refmodtest.Diagnostics).
func TestDiagnostics(t *testing.T) {
	root, _ := filepath.Abs("../../testdata/conversion")
	for _, c := range []struct {
		name     string
		warnings bool // warnings only
	}{{"badpeer", false}, {"badsig", false}, {"nopath", false}, {"manual", false}, {"misnamed", true}} {
		t.Run(c.name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(root, "golden", c.name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			refmodtest.Diagnostics(t, refmodtest.CopyDir(t, root), outputName, run, string(want), c.warnings, "--output-file", outputName, "./"+c.name+"/...")
		})
	}
}

// TestWarningsAsUpstream checks that functions named like conversions
// that upstream passes over, and that only earn warnings, leave the files
// as upstream's binary writes them.
func TestWarningsAsUpstream(t *testing.T) {
	t.Parallel()
	src, _ := filepath.Abs("../../testdata/conversion")
	dir := refmodtest.CopyDir(t, src)
	args := []string{"--output-file", outputName, "./misnamed/..."}
	want := refmodtest.Upstream(t, "conversion-gen", dir, outputName, args...)
	if len(want) != 1 {
		t.Fatalf("upstream wrote %d files, want 1", len(want))
	}
	refmodtest.Regenerate(t, dir, outputName, run, args...)
	refmodtest.Compare(t, dir, outputName, want)
}

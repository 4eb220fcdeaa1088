package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/refmod"
)

const outputName = "zz_generated.conversion.go"

// regenerateShipped regenerates the conversions of module's packages, named
// below base, as its hack/update-codegen.sh does, and expects the n
// shipped files back.
func regenerateShipped(t *testing.T, module, base string, n int, pkgs ...string) {
	t.Helper()
	dir := refmod.Copy(t, module)
	args := []string{"--output-file", outputName, "--go-header-file", "hack/boilerplate.go.txt"}
	for _, p := range pkgs {
		args = append(args, base+"/"+p)
	}
	shipped := refmod.Regenerate(t, dir, outputName, run, args...)
	if len(shipped) != n {
		t.Fatalf("%s ships %d conversion files, expected %d", module, len(shipped), n)
	}
	refmod.Compare(t, dir, outputName, shipped)
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
	dir := refmod.Copy(t, "k8s.io/metrics@v0.37.2")
	args := []string{"--skip-unsafe", "--output-file", outputName, "--go-header-file", "hack/boilerplate.go.txt"}
	for _, p := range []string{"metrics/v1beta1", "custom_metrics/v1beta2", "external_metrics/v1beta1"} {
		args = append(args, "k8s.io/metrics/pkg/apis/"+p)
	}
	refmod.Take(t, dir, outputName)
	want := refmod.Upstream(t, "conversion-gen", dir, outputName, args...)
	if len(want) != 3 {
		t.Fatalf("upstream wrote %d files, want 3", len(want))
	}
	for p, b := range want {
		if bytes.Contains(b, []byte("unsafe")) {
			t.Fatalf("upstream's %s uses unsafe despite --skip-unsafe", p)
		}
	}
	refmod.Regenerate(t, dir, outputName, run, args...)
	refmod.Compare(t, dir, outputName, want)
}

// TestDiagnostics runs conversion-gen on bad input: each run must exit 1,
// print exactly the golden diagnostics, and write nothing.
func TestDiagnostics(t *testing.T) {
	root, _ := filepath.Abs("../../testdata/conversion")
	for _, name := range []string{"badpeer", "badsig", "nopath", "manual"} {
		t.Run(name, func(t *testing.T) {
			t.Chdir(root)
			want, err := os.ReadFile(filepath.Join("golden", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := run([]string{"--output-file", outputName, "./" + name + "/..."}, &stdout, &stderr); code != 1 {
				t.Errorf("exit status %d, want 1", code)
			}
			if got := stderr.String(); got != string(want) {
				t.Errorf("diagnostics differ.\ngot:\n%s\nwant:\n%s", got, want)
			}
			filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err == nil && strings.HasPrefix(d.Name(), "zz_generated") {
					t.Errorf("generated %s although the run failed", p)
				}
				return nil
			})
		})
	}
}

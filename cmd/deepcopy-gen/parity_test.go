package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

const outputName = "zz_generated.deepcopy.go"

func TestParityKubernetesAPI(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	header := refmodtest.Lines(t, filepath.Join(dir, "core/v1", outputName), 4, 18)
	shipped := refmodtest.Regenerate(t, dir, outputName, run, "--go-header-file", header, "--output-file", outputName, "./...")
	if len(shipped) != 60 {
		t.Fatalf("k8s.io/api ships %d deepcopy files, expected 60", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

func TestParitySampleAPIServer(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	const p = "k8s.io/sample-apiserver/pkg/apis/wardle"
	shipped := refmodtest.Regenerate(t, dir, outputName, run, "--go-header-file", "hack/boilerplate.go.txt", "--output-file", outputName,
		p, p+"/v1alpha1", p+"/v1beta1")
	if len(shipped) != 3 {
		t.Fatalf("sample-apiserver ships %d deepcopy files, expected 3", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

func TestParityMetrics(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/metrics@v0.37.2")
	var pkgs []string
	for _, p := range []string{"custom_metrics", "custom_metrics/v1beta1", "custom_metrics/v1beta2",
		"external_metrics", "external_metrics/v1beta1", "metrics", "metrics/v1alpha1", "metrics/v1beta1", "metrics/v1"} {
		pkgs = append(pkgs, "k8s.io/metrics/pkg/apis/"+p)
	}
	args := append([]string{"--go-header-file", "hack/boilerplate.go.txt", "--output-file", outputName}, pkgs...)
	shipped := refmodtest.Regenerate(t, dir, outputName, run, args...)
	if len(shipped) != 9 {
		t.Fatalf("metrics ships %d deepcopy files, expected 9", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

// TestParityOutputTests regenerates upstream's own deepcopy-gen tests with
// the command line of their go:generate line. Among them, aliases declares
// a type with +k8s:deepcopy-gen:interfaces markers in doc.go: the markers
// are the type's, not the package's.
func TestParityOutputTests(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/code-generator@v0.37.2")
	tests := filepath.Join(dir, "cmd/deepcopy-gen/output_tests")
	header := refmodtest.Lines(t, filepath.Join(tests, "aliases", outputName), 4, 18)
	shipped := refmodtest.Regenerate(t, dir, outputName, run, "--output-file", outputName, "--go-header-file", header,
		"k8s.io/code-generator/cmd/deepcopy-gen/output_tests/...")
	if len(shipped) != 8 {
		t.Fatalf("output_tests ship %d deepcopy files, expected 8", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

func TestVerifyOnly(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	header := refmodtest.Lines(t, filepath.Join(dir, "core/v1", outputName), 4, 18)
	t.Chdir(dir)
	verify := func() (int, string) {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--go-header-file", header, "--output-file", outputName, "--verify-only", "./..."}, &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}
	if code, out := verify(); code != 0 {
		t.Fatalf("--verify-only on pristine k8s.io/api exited %d:\n%s", code, out)
	}

	edited := filepath.Join(dir, "apps/v1", outputName)
	deleted := filepath.Join(dir, "batch/v1", outputName)
	b, _ := os.ReadFile(edited)
	b = bytes.Replace(b, []byte("*out = *in\n"), []byte("*out = *in // edited\n"), 1)
	if err := os.WriteFile(edited, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(deleted); err != nil {
		t.Fatal(err)
	}

	code, out := verify()
	if code != 1 {
		t.Errorf("--verify-only after edits exited %d, want 1", code)
	}
	for _, want := range []string{"stale: " + edited, "missing: " + deleted, "-\t*out = *in // edited", "+\t*out = *in"} {
		if !strings.Contains(out, want) {
			t.Errorf("--verify-only output lacks %q:\n%s", want, out)
		}
	}
	if after, _ := os.ReadFile(edited); !bytes.Equal(after, b) {
		t.Errorf("--verify-only rewrote %s", edited)
	}
	if _, err := os.Stat(deleted); err == nil {
		t.Errorf("--verify-only recreated %s", deleted)
	}
}

// TestDeterminism generates k8s.io/api with one and with eight threads, and
// with the package patterns in two orders, and expects the same bytes.
func TestDeterminism(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	header := refmodtest.Lines(t, filepath.Join(dir, "core/v1", outputName), 4, 18)
	t.Chdir(dir)
	pkgs := []string{"./core/...", "./apps/...", "./batch/...", "./..."}
	var runs []map[string][]byte
	for _, procs := range []int{1, 8} {
		prev := runtime.GOMAXPROCS(procs)
		if procs == 8 {
			pkgs = []string{"./...", "./batch/...", "./apps/...", "./core/..."}
		}
		refmodtest.Take(t, dir, outputName)
		var stderr bytes.Buffer
		code := run(append([]string{"--go-header-file", header, "--output-file", outputName}, pkgs...), os.Stdout, &stderr)
		runtime.GOMAXPROCS(prev)
		if code != 0 {
			t.Fatalf("GOMAXPROCS=%d: exit %d\n%s", procs, code, stderr.String())
		}
		runs = append(runs, refmodtest.Take(t, dir, outputName))
	}
	if len(runs[0]) != 60 || len(runs[0]) != len(runs[1]) {
		t.Fatalf("runs generated %d and %d files, want 60 each", len(runs[0]), len(runs[1]))
	}
	for p, b := range runs[0] {
		if !bytes.Equal(b, runs[1][p]) {
			t.Errorf("%s differs between GOMAXPROCS=1 and GOMAXPROCS=8", p)
		}
	}
}

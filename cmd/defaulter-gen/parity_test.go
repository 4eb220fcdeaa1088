package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

const outputName = "zz_generated.defaults.go"

// TestParitySampleAPIServer regenerates k8s.io/sample-apiserver's files the
// way its hack/update-codegen.sh does.
func TestParitySampleAPIServer(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	const p = "k8s.io/sample-apiserver/pkg/apis/wardle"
	shipped := refmodtest.Regenerate(t, dir, outputName, run, "--output-file", outputName, "--go-header-file", "hack/boilerplate.go.txt",
		p+"/v1alpha1", p+"/v1beta1")
	if len(shipped) != 2 {
		t.Fatalf("sample-apiserver ships %d defaulter files, expected 2", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

// TestParityModules regenerates every defaulter file that the Kubernetes
// staging modules ship, over the whole module (or the directory their
// update-codegen.sh names), so a file generated where upstream has none is
// an error too. Each package is selected by its own doc.go.
func TestParityModules(t *testing.T) {
	for _, c := range []struct {
		module  string
		pattern string
		files   int
	}{
		{"k8s.io/apimachinery@v0.37.2", "./...", 3},
		{"k8s.io/client-go@v0.37.2", "./...", 3},
		{"k8s.io/apiserver@v0.37.2", "./...", 10},
		{"k8s.io/apiextensions-apiserver@v0.37.2", "./...", 2},
		{"k8s.io/cloud-provider@v0.37.2", "./...", 1},
		// Its pkg/generated/openapi holds only generated files.
		{"k8s.io/kube-aggregator@v0.37.2", "./pkg/apis/...", 2},
	} {
		t.Run(strings.Split(c.module, "@")[0], func(t *testing.T) {
			t.Parallel()
			dir := refmodtest.Copy(t, c.module)
			first := firstShipped(t, dir)
			header := refmodtest.Lines(t, first, 4, 18)
			shipped := refmodtest.Regenerate(t, dir, outputName, run, "--output-file", outputName, "--go-header-file", header, c.pattern)
			if len(shipped) != c.files {
				t.Fatalf("%s ships %d defaulter files, expected %d", c.module, len(shipped), c.files)
			}
			refmodtest.Compare(t, dir, outputName, shipped)
		})
	}
}

const outputTests = "k8s.io/code-generator/cmd/defaulter-gen/output_tests"

// TestParityOutputTests regenerates the expected output of upstream's own
// defaulter-gen tests, which cover +default in all its forms, in one run
// over all five packages. The "empty" package among them names a field no
// type has (+k8s:defaulter-gen=covers): upstream still writes its file, so
// apigen only warns (TestOutputTestsWarning).
func TestParityOutputTests(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/code-generator@v0.37.2")
	tests := filepath.Join(dir, "cmd/defaulter-gen/output_tests")
	header := refmodtest.Lines(t, filepath.Join(tests, "marker", outputName), 4, 18)
	shipped := refmodtest.Regenerate(t, dir, outputName, run, "--output-file", outputName, "--go-header-file", header, outputTests+"/...")
	if len(shipped) != 5 {
		t.Fatalf("output_tests ship %d defaulter files, expected 5", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

// coversWarning is what the empty output test's doc.go earns, below dir.
func coversWarning(dir string) string {
	return filepath.Join(dir, "cmd/defaulter-gen/output_tests/empty/doc.go") +
		":17:1: warning: +k8s:defaulter-gen=covers: no type in package " + outputTests + "/empty has a field named covers\n"
}

// TestOutputTestsWarning runs over the empty output test: the field name
// that selects nothing is a warning with its file:line, the run succeeds
// and the file is written.
func TestOutputTestsWarning(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/code-generator@v0.37.2")
	refmodtest.Take(t, dir, outputName)
	var stderr bytes.Buffer
	code := run([]string{"-C", dir, "--output-file", outputName, outputTests + "/empty"}, io.Discard, &stderr)
	if want := coversWarning(dir); code != 0 || stderr.String() != want {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 0 and:\n%s", code, stderr.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "cmd/defaulter-gen/output_tests/empty", outputName)); err != nil {
		t.Errorf("the warning kept the file from being written: %v", err)
	}
}

// TestOutputTestsStrict makes the same warning an error with --strict:
// exit 1, the diagnostic without "warning:", and nothing written.
func TestOutputTestsStrict(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/code-generator@v0.37.2")
	refmodtest.Take(t, dir, outputName)
	var stderr bytes.Buffer
	code := run([]string{"-C", dir, "--strict", "--output-file", outputName, outputTests + "/..."}, io.Discard, &stderr)
	want := strings.Replace(coversWarning(dir), " warning: ", " ", 1)
	if code != 1 || stderr.String() != want {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and:\n%s", code, stderr.String(), want)
	}
	if got := refmodtest.Take(t, dir, outputName); len(got) != 0 {
		t.Errorf("--strict failed the run but wrote %d files", len(got))
	}
}

// TestKubernetesAPI runs over k8s.io/api, whose packages turn no defaulting
// on but carry dozens of +default markers, all of which must be accepted.
func TestKubernetesAPI(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	var stderr bytes.Buffer
	if code := run([]string{"-C", dir, "--output-file", outputName, "./..."}, os.Stdout, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	if got := refmodtest.Take(t, dir, outputName); len(got) != 0 {
		t.Errorf("generated %d files in k8s.io/api, which asks for none", len(got))
	}
}

func firstShipped(t *testing.T, dir string) string {
	t.Helper()
	var first string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && first == "" && d.Name() == outputName {
			first = p
		}
		return nil
	})
	if first == "" {
		t.Fatalf("no %s below %s", outputName, dir)
	}
	return first
}

func TestVerifyOnly(t *testing.T) {
	t.Parallel()
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	const p = "k8s.io/sample-apiserver/pkg/apis/wardle"
	verify := func() (int, string) {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", dir, "--verify-only", "--output-file", outputName, "--go-header-file", "hack/boilerplate.go.txt",
			p, p + "/v1alpha1", p + "/v1beta1"}, &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}
	if code, out := verify(); code != 0 {
		t.Fatalf("--verify-only on pristine sample-apiserver exited %d:\n%s", code, out)
	}

	stale := filepath.Join(dir, "pkg/apis/wardle/v1alpha1", outputName)
	extra := filepath.Join(dir, "pkg/apis/wardle", outputName) // the internal package asks for no defaulters
	b, _ := os.ReadFile(stale)
	b = bytes.Replace(b, []byte("SetDefaults_FlunderSpec(&in.Spec)"), []byte("// edited"), 1)
	if err := os.WriteFile(stale, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(extra, []byte("package wardle\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := verify()
	if code != 1 {
		t.Errorf("--verify-only after edits exited %d, want 1", code)
	}
	for _, want := range []string{"stale: " + stale, "extra: " + extra, "-\t// edited", "+\tSetDefaults_FlunderSpec(&in.Spec)"} {
		if !strings.Contains(out, want) {
			t.Errorf("--verify-only output lacks %q:\n%s", want, out)
		}
	}
	if after, _ := os.ReadFile(stale); !bytes.Equal(after, b) {
		t.Errorf("--verify-only rewrote %s", stale)
	}
}

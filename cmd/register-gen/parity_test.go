package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

const outputName = "zz_generated.register.go"

// ours runs our register-gen in dir and fails t unless it succeeds.
func ours(t *testing.T, dir string, args ...string) {
	t.Helper()
	t.Chdir(dir)
	var stderr bytes.Buffer
	if code := run(args, os.Stdout, &stderr); code != 0 {
		t.Fatalf("register-gen exited %d:\n%s", code, stderr.String())
	}
}

// removeHandWritten deletes every register.go below dir, as if the packages
// had never registered their types by hand.
func removeHandWritten(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == "register.go" {
			return os.Remove(p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestParityOutputTests regenerates upstream's own output test, copied
// into testdata/register/output_tests with the command line of its
// generate.go.
func TestParityOutputTests(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/register/output_tests")
	header := refmodtest.Lines(t, filepath.Join(dir, "simpletype/v1", outputName), 4, 18)
	shipped := refmodtest.Take(t, dir, outputName)
	if len(shipped) != 1 {
		t.Fatalf("the output test has %d register files, expected 1", len(shipped))
	}
	ours(t, dir, "--output-file", outputName, "--go-header-file="+header, "k8s.io/code-generator/cmd/register-gen/output_tests/...")
	refmodtest.Compare(t, dir, outputName, shipped)
}

// TestParitySampleAPIServer compares with upstream on sample-apiserver as
// shipped, where every versioned package has a register.go and so gets
// nothing, and again with the register.go files removed.
func TestParitySampleAPIServer(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	args := []string{"--go-header-file", "hack/boilerplate.go.txt", "--output-file", outputName, "./pkg/apis/..."}

	want := refmodtest.Upstream(t, "register-gen", dir, outputName, args...)
	if len(want) != 0 {
		t.Fatalf("upstream wrote %d files for sample-apiserver as shipped, expected none", len(want))
	}
	ours(t, dir, args...)
	refmodtest.Compare(t, dir, outputName, want)

	removeHandWritten(t, dir)
	want = refmodtest.Upstream(t, "register-gen", dir, outputName, args...)
	if len(want) != 2 {
		t.Fatalf("upstream wrote %d files for sample-apiserver without register.go, expected 2 (v1alpha1, v1beta1)", len(want))
	}
	ours(t, dir, args...)
	refmodtest.Compare(t, dir, outputName, want)
}

// TestParityMetrics compares with upstream on k8s.io/metrics with its
// register.go files removed. The internal packages get no file. Upstream
// treats pkg/apis/custom_metrics, whose TypeMetas are partly tagged, as
// internal or not at random (it looks at the first type in map order), so
// upstream runs without it; ours runs over everything and must, by its
// documented rule, treat it as internal and write nothing there.
func TestParityMetrics(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/metrics@v0.37.2")
	removeHandWritten(t, dir)
	common := []string{"--go-header-file", "hack/boilerplate.go.txt", "--output-file", outputName}
	want := refmodtest.Upstream(t, "register-gen", dir, outputName, append(common,
		"./pkg/apis/custom_metrics/v1beta1", "./pkg/apis/custom_metrics/v1beta2", "./pkg/apis/custom_metrics/install",
		"./pkg/apis/external_metrics/...", "./pkg/apis/metrics/...")...)
	var got []string
	for p := range want {
		rel, _ := filepath.Rel(dir, p)
		got = append(got, filepath.ToSlash(filepath.Dir(rel)))
	}
	if len(want) != 4 {
		t.Fatalf("upstream wrote %d files for metrics, expected 4 (external_metrics, metrics/v1, v1alpha1, v1beta1): %v", len(want), got)
	}
	ours(t, dir, append(common, "./pkg/apis/...")...)
	refmodtest.Compare(t, dir, outputName, want)
}

func TestVerifyOnly(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/register/output_tests")
	header := refmodtest.Lines(t, filepath.Join(dir, "simpletype/v1", outputName), 4, 18)
	t.Chdir(dir)
	verify := func() (int, string) {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--output-file", outputName, "--go-header-file", header, "--verify-only", "./..."}, &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}
	if code, out := verify(); code != 0 {
		t.Fatalf("--verify-only on the pristine output test exited %d:\n%s", code, out)
	}
	file := filepath.Join(dir, "simpletype/v1", outputName)
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	code, out := verify()
	if code != 1 || !strings.Contains(out, "missing: "+file) {
		t.Errorf("--verify-only without %s exited %d, want 1 and a report of the missing file:\n%s", file, code, out)
	}
	if _, err := os.Stat(file); err == nil {
		t.Errorf("--verify-only recreated %s", file)
	}
}

// TestRootPackageWarning: a package whose import path has one element
// names no group and version. Upstream writes nothing for it and succeeds;
// we warn, succeed and write nothing, and fail with --strict.
func TestRootPackageWarning(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":   "module regroot\n\ngo 1.26\n",
		"doc.go":   "// +groupName=things.example\npackage regroot\n",
		"types.go": "package regroot\n\ntype TypeMeta struct{}\n\ntype Thing struct {\n\tTypeMeta `json:\",inline\"`\n}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := refmodtest.Upstream(t, "register-gen", dir, outputName, "--output-file", outputName, "."); len(got) != 0 {
		t.Fatalf("upstream wrote %d files", len(got))
	}
	warning := filepath.Join(dir, "doc.go") + ":1:1: warning: cannot register the types of regroot: its import path must end in <group>/<version>\n"
	for _, strict := range []bool{false, true} {
		args := []string{"-C", dir, "--output-file", outputName, "."}
		want, wantCode := warning, 0
		if strict {
			args, want, wantCode = append(args, "--strict"), strings.Replace(warning, "warning: ", "", 1), 1
		}
		var stderr bytes.Buffer
		if code := run(args, os.Stdout, &stderr); code != wantCode || stderr.String() != want {
			t.Errorf("strict %v: exit %d, stderr %q; want exit %d and %q", strict, code, stderr.String(), wantCode, want)
		}
		if got := refmodtest.Take(t, dir, outputName); len(got) != 0 {
			t.Errorf("strict %v: wrote %d files", strict, len(got))
		}
	}
}

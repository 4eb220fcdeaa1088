package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/internal/servercheck"
	"github.com/apigen-dev/apigen/internal/servercheck/childtest"
)

// TestDiagnosticsThroughChild runs the cases of TestDiagnostics with the
// API server's checks in cmd/apigen-check, as apigen runs them: the
// diagnostics must be the same bytes (golden/<case>.txt).
func TestDiagnosticsThroughChild(t *testing.T) {
	childtest.Use(t)
	src, err := filepath.Abs("../../testdata/crd")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	t.Chdir(filepath.Join(dir, "bad"))
	for _, c := range []string{"badrule", "nostorage", "baddefault", "overbudget", "badcolumn", "baddefaultvalue"} {
		var stderr bytes.Buffer
		code := run([]string{"crd", "paths=./" + c + "/...", "output:dir=" + filepath.Join(t.TempDir(), "out")}, os.Stdout, &stderr)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1", c, code)
		}
		want, err := os.ReadFile(filepath.Join(src, "golden", c+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if stderr.String() != string(want) {
			t.Errorf("%s through the child:\n%s\nwant:\n%s", c, stderr.String(), want)
		}
	}
}

// TestChecksUnavailable: when no checker can be had, CRDs are still
// written, those the API server would refuse too, as upstream writes them,
// with one warning for the run that says why the checks did not run.
func TestChecksUnavailable(t *testing.T) {
	t.Setenv("APIGEN_CHECK", filepath.Join(t.TempDir(), "missing"))
	t.Cleanup(servercheck.Unlink())
	src, err := filepath.Abs("../../testdata/crd")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	for _, c := range []struct {
		dir, paths string
		crds       int
	}{
		{"bad", "./badrule/...", 1},
		{"bad", "./overbudget/...", 1},
		{"features", "./api/...", 3},
	} {
		t.Chdir(filepath.Join(dir, c.dir))
		out := filepath.Join(t.TempDir(), "out")
		var stderr bytes.Buffer
		if code := run([]string{"crd", "paths=" + c.paths, "output:dir=" + out}, os.Stdout, &stderr); code != 0 {
			t.Errorf("%s: exit %d, want 0", c.paths, code)
		}
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		if len(lines) != 1 || !strings.Contains(lines[0], ": warning: CRDs were not checked") || !strings.Contains(lines[0], "missing") {
			t.Errorf("%s: want one warning naming the missing checker, got:\n%s", c.paths, stderr.String())
		}
		if written, _ := filepath.Glob(filepath.Join(out, "*.yaml")); len(written) != c.crds {
			t.Errorf("%s: wrote %v, want %d CRDs", c.paths, written, c.crds)
		}
	}
}

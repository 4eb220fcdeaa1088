package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/servercheck"
	"github.com/apigen-dev/apigen/internal/servercheck/childtest"
)

// celRun runs openapi-gen on packages of testdata/openapi/cel.
func celRun(t *testing.T, pkgs ...string) (int, string, string) {
	t.Helper()
	root, _ := filepath.Abs("../../testdata/openapi")
	t.Chdir(root)
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"--output-dir", out, "--output-pkg", "openapi.example/generated", "--report-filename", filepath.Join(out, "report.txt")}
	for _, pkg := range pkgs {
		args = append(args, "./cel/"+pkg)
	}
	code := run(args, &stdout, &stderr)
	return code, stderr.String(), out
}

var celPackages = []string{"valid", "nosuchfield", "nooverload", "hasself", "msgexpr", "oldselflist", "costunbounded"}

// TestCELThroughChild runs the cases of TestCELAtGenerationTime in process
// and with the checks in cmd/apigen-check, as apigen runs them: same exit
// codes, same diagnostics, byte for byte.
func TestCELThroughChild(t *testing.T) {
	type result struct {
		code   int
		stderr string
	}
	in := map[string]result{}
	for _, pkg := range celPackages {
		code, stderr, _ := celRun(t, pkg)
		in[pkg] = result{code, stderr}
	}
	childtest.Use(t)
	for _, pkg := range celPackages {
		code, stderr, _ := celRun(t, pkg)
		if got := (result{code, stderr}); got != in[pkg] {
			t.Errorf("%s through the child: exit %d\n%s\nin process: exit %d\n%s", pkg, code, stderr, in[pkg].code, in[pkg].stderr)
		}
	}
}

// TestCELUnavailable: when no checker can be had, rules the API server
// refuses no longer stop the run: the definitions are written, as upstream
// writes them, with one warning for the run that says why.
func TestCELUnavailable(t *testing.T) {
	t.Setenv("APIGEN_CHECK", filepath.Join(t.TempDir(), "missing"))
	t.Cleanup(servercheck.Unlink())
	code, stderr, out := celRun(t, "nosuchfield", "costunbounded", "msgexpr")
	if code != 0 {
		t.Errorf("exit %d, want 0", code)
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "cel/") ||
		!strings.Contains(lines[0], ": warning: CEL rules were not checked") || !strings.Contains(lines[0], "missing") {
		t.Errorf("want one warning naming the missing checker, got:\n%s", stderr)
	}
	if entries, _ := os.ReadDir(out); len(entries) == 0 {
		t.Error("nothing written")
	}
}

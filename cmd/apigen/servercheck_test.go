package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/internal/servercheck"
)

// TestRunCacheUncheckedRuns: a run during which the API server's checks
// could not run is not remembered, so the run after it, with a checker,
// checks (here it finds the rule that does not compile).
func TestRunCacheUncheckedRuns(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/openapi")
	dir := refmodtest.CopyDir(t, src)
	c := newRunCache(t)
	args := []string{"generate", "-C", dir, "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"),
		"--generators", "openapi", "--openapi-output-dir", "generated/openapi",
		"--openapi-output-pkg", "openapi.example/generated", "--openapi-report-filename", filepath.Join(t.TempDir(), "report"), "./cel/nosuchfield"}
	t.Setenv("APIGEN_CHECK", filepath.Join(t.TempDir(), "missing"))
	restore := servercheck.Unlink()
	for i := range 2 {
		r := apigen(args...)
		if r.code != 0 || !strings.Contains(r.stderr, "warning: CEL rules were not checked") {
			t.Fatalf("run %d without a checker: %+v", i, r)
		}
		c.expectReplay(t, false, "run "+strconv.Itoa(i)+" without a checker")
	}
	restore()
	if r := apigen(args...); r.code != 1 || !strings.Contains(r.stderr, "undefined field 'nonExistingField'") {
		t.Errorf("the run with the checks: %+v", r)
	}
	c.expectReplay(t, false, "the run with the checks")
}

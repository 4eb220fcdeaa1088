package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestLintRules runs deepcopy-gen with --lint-rules on testdata/lint. Each
// run must exit 1, print exactly the golden diagnostics, and write nothing.
func TestLintRules(t *testing.T) {
	for _, c := range []struct{ golden, rule, pkg string }{
		{"knowntags", "known-tags-only", "./knowntags"},
		{"external", "require-explicit-disablement", "./external/v1"},
		{"internal", "require-explicit-disablement", "./internal/v1"},
	} {
		t.Run(c.golden, func(t *testing.T) {
			dir := refmodtest.CopyDir(t, "../../testdata/lint")
			want, err := os.ReadFile(filepath.Join(dir, "golden", c.golden+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			refmodtest.Diagnostics(t, dir, "zz_generated.deepcopy.go", run, string(want), false,
				"--output-file", "zz_generated.deepcopy.go", "--lint-rules", c.rule, c.pkg)
		})
	}
}

// TestLintRulesOff shows that the lint findings are the rules': without
// --lint-rules, the misspelt tag the registry claims is only a warning, as
// upstream passes over it, the others are not reported, and the two
// packages without their tags generate.
func TestLintRulesOff(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/lint")
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--output-file", "zz_generated.deepcopy.go", "./external/v1", "./internal/v1"}, &stdout, &stderr); code != 0 {
		t.Errorf("exit status %d without --lint-rules:\n%s", code, stderr.String())
	}
	stderr.Reset()
	code := run([]string{"--output-file", "zz_generated.deepcopy.go", "./knowntags"}, &stdout, &stderr)
	if got := stderr.String(); code != 0 || !strings.Contains(got, "warning: unknown marker +k8s:deep-copy-gen") || strings.Contains(got, "+k8s:copy-gen") {
		t.Errorf("without --lint-rules, want exit 0 and only the registry's warning; exit %d:\n%s", code, got)
	}
}

// TestUnknownLintRule shows that a rule name upstream does not know is a
// usage error.
func TestUnknownLintRule(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"--output-file", "x.go", "--lint-rules", "known-tags-only,frobnicate", "./..."}, &stdout, &stderr)
	if want := "deepcopy-gen: unknown rule \"frobnicate\" in --lint-rules\n"; code != 2 || stderr.String() != want {
		t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, stderr.String(), want)
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCELAtGenerationTime runs openapi-gen on the cases of
// shared/cel-rules.md written as Go types with markers. Valid rules, and
// the costly rule once its list and strings are bounded, generate; each
// rejected rule fails the run at its marker's file:line with the API
// server's reason, and nothing is written.
func TestCELAtGenerationTime(t *testing.T) {
	root, _ := filepath.Abs("../../testdata/openapi")
	cases := []struct {
		pkg    string
		at     string // file:line of the rule's marker
		reason string // "" for a package that must generate
	}{
		{pkg: "valid"},
		{"nosuchfield", "cel/nosuchfield/types.go:4:", "undefined field 'nonExistingField'"},
		{"nooverload", "cel/nooverload/types.go:5:", "no matching overload"},
		{"hasself", "cel/hasself/types.go:4:", "invalid argument to has() macro"},
		{"msgexpr", "cel/msgexpr/types.go:4:", "messageExpression must evaluate to a string"},
		{"oldselflist", "cel/oldselflist/types.go:4:", "oldSelf cannot be used on the uncorrelatable portion of the schema"},
		{"costunbounded", "cel/costunbounded/types.go:5:", "estimated rule cost exceeds budget"},
	}
	for _, c := range cases {
		t.Run(c.pkg, func(t *testing.T) {
			t.Chdir(root)
			out := t.TempDir()
			var stdout, stderr bytes.Buffer
			code := run([]string{"--output-dir", out, "--output-pkg", "openapi.example/generated",
				"--report-filename", filepath.Join(out, "report.txt"), "./cel/" + c.pkg}, &stdout, &stderr)
			if c.reason == "" {
				if code != 0 {
					t.Fatalf("exit %d for valid rules:\n%s", code, stderr.String())
				}
				return
			}
			if code != 1 {
				t.Errorf("exit %d, want 1", code)
			}
			found := false
			for _, line := range strings.Split(stderr.String(), "\n") {
				if strings.HasPrefix(line, c.at) && strings.Contains(line, c.reason) {
					found = true
				}
			}
			if !found {
				t.Errorf("no diagnostic at %s with %q:\n%s", c.at, c.reason, stderr.String())
			}
			if entries, _ := os.ReadDir(out); len(entries) != 0 {
				t.Errorf("wrote %d files although the run failed", len(entries))
			}
		})
	}
}

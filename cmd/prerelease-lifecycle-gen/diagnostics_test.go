package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiagnostics runs prerelease-lifecycle-gen on packages with bad
// markers. Each run must exit 1, print exactly the diagnostics in
// testdata/prerelease/diagnostics/golden, and write nothing.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/prerelease/diagnostics")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"badversion", "unknownmarker", "missing", "all"} {
		t.Run(name, func(t *testing.T) {
			t.Chdir(root)
			want, err := os.ReadFile(filepath.Join("golden", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			pattern := "./" + name + "/..."
			if name == "all" {
				pattern = "./..."
			}
			var stdout, stderr bytes.Buffer
			code := run([]string{"--output-file", outputName, pattern}, &stdout, &stderr)
			if code != 1 {
				t.Errorf("exit status %d, want 1", code)
			}
			if got := stderr.String(); got != string(want) {
				t.Errorf("diagnostics differ.\ngot:\n%s\nwant:\n%s", got, want)
			}
			filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "zz_generated") {
					t.Errorf("generated %s although the run failed", p)
				}
				return nil
			})
		})
	}
}

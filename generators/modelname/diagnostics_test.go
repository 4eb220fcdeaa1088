package modelname_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/modelname"
)

// TestDiagnostics runs the generator on packages with bad markers. Each
// run must fail, print exactly the diagnostics in
// testdata/modelname/diagnostics/golden, and write nothing.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/modelname/diagnostics")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"unknownmarker", "badvalue", "all"} {
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
			gen := &modelname.Generator{OutputFile: outputName}
			code := engine.Run(engine.Options{Patterns: []string{pattern}, Stdout: &stdout, Stderr: &stderr}, gen)
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

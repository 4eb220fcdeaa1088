package difftest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/difftest/gen"
)

var (
	wantLine = regexp.MustCompile(`(?m)^want: (.*)$`)
	// diagAt names a line, by its file below the root and its text, at
	// which ours must give a diagnostic.
	diagAt = regexp.MustCompile(`(?m)^at: (\S+) (.*)$`)
)

// TestFixtures runs the bugs the differential tests found, each shrunk to
// a fixture in testdata/difftest/<family>/<name>.txt (Source's form, with a
// comment saying what was wrong and the outcome wanted), through both
// sides: each must now have the outcome its "want:" line names, and a
// diagnostic at the line its "at:" line names, if it has one.
func TestFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("builds upstream's tools")
	}
	for _, f := range chosen(t) {
		files, _ := filepath.Glob(filepath.Join("..", "testdata", "difftest", f.name, "*.txt"))
		if len(files) == 0 {
			continue
		}
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			r := newRunner(t, f)
			for _, file := range files {
				text, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				name := strings.TrimSuffix(filepath.Base(file), ".txt")
				a, comment := gen.ParseSource(name, string(text))
				m := wantLine.FindStringSubmatch(comment)
				if m == nil {
					t.Fatalf("%s: no want: line", file)
				}
				if at := diagAt.FindStringSubmatch(comment); at != nil {
					a.Mutation = &gen.Mutation{Kind: "fixture", File: a.Root + "/" + at[1], Text: at[2]}
					if _, err := gen.Render(a); err != nil || a.Mutation.Line == 0 {
						t.Fatalf("%s: no line %q in %s (%v)", file, at[2], at[1], err)
					}
				}
				if v := r.batch([]*gen.API{a})[0]; string(v.outcome) != m[1] {
					t.Errorf("%s: %s, want %s: %s", file, v.outcome, m[1], v.detail)
				}
			}
		})
	}
}

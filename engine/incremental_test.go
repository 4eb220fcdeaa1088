package engine

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/apigen-dev/apigen/output"
)

// TestOutputPart: a partial run keeps the files and paths of the affected
// directories, drops those of the other loaded ones, and gives up on a
// path outside both; its stale paths are the affected directories' only.
func TestOutputPart(t *testing.T) {
	root := t.TempDir()
	a, b, c := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "c")
	out := Output{
		Files:    []output.File{{Path: filepath.Join(a, "x.go")}, {Path: filepath.Join(b, "x.go")}},
		Owned:    []string{filepath.Join(a, "x.go"), filepath.Join(b, "x.go"), filepath.Join(b, "y.go")},
		Remove:   []string{filepath.Join(b, "z.go")},
		Roots:    []string{a, b},
		prunable: []string{filepath.Join(a, "x.go"), filepath.Join(b, "x.go")},
	}
	keep, drop := map[string]bool{a: true}, map[string]bool{b: true}
	got, ok := out.part(keep, drop)
	if !ok {
		t.Fatal("part gave up on an output within the loaded directories")
	}
	want := filepath.Join(a, "x.go")
	if len(got.Files) != 1 || got.Files[0].Path != want || !slices.Equal(got.Owned, []string{want}) ||
		len(got.Remove) != 0 || !slices.Equal(got.Roots, []string{a}) || !slices.Equal(got.prunable, []string{want}) {
		t.Errorf("part kept %+v, want a's only", got)
	}
	stale := got.inPart([]string{filepath.Join(a, "old.go"), filepath.Join(b, "old.go")})
	if !slices.Equal(stale, []string{filepath.Join(a, "old.go")}) {
		t.Errorf("stale paths of the partial run: %v, want a's only", stale)
	}
	out.Files = append(out.Files, output.File{Path: filepath.Join(c, "x.go")})
	if _, ok := out.part(keep, drop); ok {
		t.Error("part accepted a file outside the loaded directories")
	}
}

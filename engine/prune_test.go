package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apigen-dev/apigen/output"
)

// TestStalePaths: below the trees, owned paths and files named like the
// package files that are not generated are stale; nothing outside the
// trees is, and a tree named through a symbolic link still counts.
func TestStalePaths(t *testing.T) {
	dir := t.TempDir()
	touch := func(rel string) string {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	kept := touch("apis/a/zz_generated.deepcopy.go")
	untagged := touch("apis/b/zz_generated.deepcopy.go")
	deep := touch("apis/b/c/d/zz_generated.deepcopy.go")
	touch("other/zz_generated.deepcopy.go") // outside the tree
	ownedGone := touch("apis/client/old.go")
	ownedOutside := touch("other/client/old.go")
	touch("apis/b/zz_generated.conversion.go") // no generator of the run writes it
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(filepath.Join(dir, "apis"), link); err != nil {
		t.Fatal(err)
	}
	out := Output{
		Files:        []output.File{{Path: kept}},
		Owned:        []string{kept, ownedGone, ownedOutside, filepath.Join(dir, "apis/never/written.go")},
		PackageFiles: []string{"zz_generated.deepcopy.go"},
	}
	for _, tree := range []string{filepath.Join(dir, "apis"), link} {
		got, err := stalePaths(out, []string{tree})
		if err != nil {
			t.Fatal(err)
		}
		want := []string{untagged, deep, ownedGone}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("tree %s: stale = %v\nwant %v", tree, got, want)
		}
	}
	if got, _ := stalePaths(out, nil); got != nil {
		t.Errorf("without trees nothing is stale, got %v", got)
	}
}

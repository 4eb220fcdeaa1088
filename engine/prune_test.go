package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
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
		prunable:     []string{kept, ownedGone, ownedOutside, filepath.Join(dir, "apis/never/written.go")},
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

// owner owns a file named after it in each package, and generates nothing.
type owner struct {
	recorder
	noPrune bool
}

func (o *owner) Generate(m *model.Model, d *diag.List) Output {
	out := Output{NoPrune: o.noPrune}
	for _, p := range m.Packages {
		out.Owned = append(out.Owned, output.Join(p.Dir, o.name+".txt"))
	}
	return out
}

// TestPruneRun: a run with a prune tree removes the stale owned files of
// its generators, except those of a generator that asks for no pruning,
// and a run without one removes nothing.
func TestPruneRun(t *testing.T) {
	dir := tempModule(t)
	pruned, kept := filepath.Join(dir, "a/pruned.txt"), filepath.Join(dir, "a/kept.txt")
	gens := []*Generator{gen(&owner{recorder: recorder{name: "pruned"}}), gen(&owner{recorder: recorder{name: "kept"}, noPrune: true})}
	for _, trees := range [][]string{nil, {dir}} {
		for _, f := range []string{pruned, kept} {
			if err := os.WriteFile(f, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		opts := Options{Dir: dir, Patterns: []string{"./..."}, PruneTrees: trees, Stdout: os.Stdout, Stderr: os.Stderr}
		if code := Run(opts, gens...); code != 0 {
			t.Fatalf("exit %d", code)
		}
		if _, err := os.Stat(pruned); (err == nil) != (trees == nil) {
			t.Errorf("prune trees %v: stale owned file exists: %v", trees, err == nil)
		}
		if _, err := os.Stat(kept); err != nil {
			t.Errorf("prune trees %v: a NoPrune generator's file was removed", trees)
		}
	}
}

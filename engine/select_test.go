package engine

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apigen-dev/apigen/model"
)

// picker is a recorder whose tool scripts give the packages carrying a
// +k8s:pick= line.
type picker struct{ recorder }

func (p *picker) Selects(pkg *model.Package) bool { return pkg.Tagged("k8s:pick=") }

// TestSelect runs a Selector with and without Options.Select over
// packages that carry its tag in different places, or only seem to.
func TestSelect(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":        "module m.example\n\ngo 1.26\n",
		"doc/doc.go":    "// +k8s:pick=yes\npackage doc\n",
		"typed/a.go":    "package typed\n\n//\t +k8s:pick=yes\ntype T int\n",
		"floating/a.go": "package floating\n\nvar x = 1\n\n// +k8s:pick=\n\nvar y = 2\n",
		"trailing/a.go": "package trailing\n\ntype T int // +k8s:pick=yes\n",
		"block/a.go":    "package block\n\n/* +k8s:pick=yes */\ntype T int\n",
		"other/a.go":    "package other\n\n// +k8s:pick\n// +k8s:picker=yes\n// k8s:pick=yes\n// x +k8s:pick=yes\ntype T int\n",
		// Unlike grep, Tagged does not see function bodies and test files.
		"body/a.go":      "package body\n\nfunc f() {\n\t// +k8s:pick=yes\n}\n",
		"test/a.go":      "package test\n",
		"test/a_test.go": "package test\n\n// +k8s:pick=yes\n",
	} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	all := []string{"block", "body", "doc", "floating", "other", "test", "trailing", "typed"}
	for _, sel := range []bool{false, true} {
		r := &picker{recorder{name: "pick"}}
		opts := Options{Dir: dir, Patterns: []string{"./..."}, Select: sel, Stdout: os.Stdout, Stderr: os.Stderr}
		if code := Run(opts, gen(r)); code != 0 {
			t.Fatalf("exit %d", code)
		}
		want := all
		if sel {
			want = []string{"doc", "floating", "trailing", "typed"}
		}
		if got := paths(r.seen.Packages); !slices.Equal(got, want) {
			t.Errorf("Select=%v: the generator got %v, want %v", sel, got, want)
		}
		if got := paths(r.seen.Named); !slices.Equal(got, all) {
			t.Errorf("Select=%v: Named = %v, want %v", sel, got, all)
		}
		// Verification covers every package of the main module.
		if got := paths(r.seen.Covered()); !slices.Equal(sorted(got), all) {
			t.Errorf("Select=%v: Covered = %v, want %v", sel, got, all)
		}
	}
}

// TestSelectKeepingAll expects the model itself back when a selection
// leaves nothing out, so that generators sharing it share its caches.
func TestSelectKeepingAll(t *testing.T) {
	_, m, diags := Open(Options{Dir: tempModule(t), Patterns: []string{"./..."}})
	if m == nil || diags.Len() > 0 {
		t.Fatalf("open: %v", diags.Err())
	}
	if m.Select(func(*model.Package) bool { return true }) != m {
		t.Error("a selection of every package made a new model")
	}
	if v := m.Select(func(p *model.Package) bool { return p.Name == "a" }); len(v.Packages) != 1 || len(v.Named) != 2 {
		t.Errorf("selecting package a: %d packages, %d named; want 1 and 2", len(v.Packages), len(v.Named))
	}
}

// paths returns the last elements of the packages' import paths.
func paths(pkgs []*model.Package) []string {
	var out []string
	for _, p := range pkgs {
		out = append(out, filepath.Base(p.Path))
	}
	return out
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

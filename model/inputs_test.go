package model

import (
	"testing"

	"k8s.io/gengo/v2/types"
)

func TestOnly(t *testing.T) {
	a := &Package{Package: &types.Package{Path: "example.com/a", Dir: "/m/a"}}
	b := &Package{Package: &types.Package{Path: "example.com/b", Dir: "/m/b/"}}
	m := &Model{Packages: []*Package{a, b}, Named: []*Package{a, b}}
	if !m.Emits(a) || !m.Emits(b) {
		t.Fatal("a whole run must emit every package")
	}
	part := m.Only(map[string]bool{"/m/b": true})
	if part.Emits(a) || !part.Emits(b) {
		t.Errorf("Only(/m/b): Emits(a) = %v, Emits(b) = %v; want false, true", part.Emits(a), part.Emits(b))
	}
	if len(part.Packages) != 2 {
		t.Errorf("Only dropped inputs: %d packages, want 2", len(part.Packages))
	}
	if sel := part.Select(func(p *Package) bool { return p == a }); sel.Emits(a) {
		t.Error("a selection of a partial view emits what the view does not")
	}
	if !m.Emits(a) {
		t.Error("Only changed the model it was called on")
	}
}

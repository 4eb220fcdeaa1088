package model

import (
	"testing"

	"golang.org/x/tools/go/packages"
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

func TestFixed(t *testing.T) {
	cached := &packages.Module{Path: "k8s.io/api", Version: "v0.37.2", Dir: "/mod/k8s.io/api@v0.37.2"}
	for _, c := range []struct {
		name string
		mod  *packages.Module
		want bool
	}{
		{"no module", nil, false},
		{"main module", &packages.Module{Path: "m", Main: true, Dir: "/m"}, false},
		{"module cache", cached, true},
		{"replaced by a version", &packages.Module{Path: "k8s.io/api", Version: "v0.37.1", Dir: cached.Dir, Replace: cached}, true},
		{"replaced by a directory", &packages.Module{Path: "k8s.io/api", Version: "v0.37.1", Dir: "/src/api", Replace: &packages.Module{Path: "../api", Dir: "/src/api"}}, false},
		{"vendored", &packages.Module{Path: "k8s.io/api", Version: "v0.37.2"}, false},
	} {
		p := &Package{Package: &types.Package{Path: "k8s.io/api/core/v1"}, Source: &packages.Package{Module: c.mod}}
		if got := p.Fixed(); got != c.want {
			t.Errorf("%s: Fixed() = %v, want %v", c.name, got, c.want)
		}
	}
}

package load

import (
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"
)

func TestPosition(t *testing.T) {
	for in, want := range map[string]token.Position{
		"/a/b.go:3:7": {Filename: "/a/b.go", Line: 3, Column: 7},
		"/a/b.go:3":   {Filename: "/a/b.go", Line: 3},
		"c:/x.go:1:2": {Filename: "c:/x.go", Line: 1, Column: 2},
		"-":           {},
		"":            {},
	} {
		if got := position(in); got != want {
			t.Errorf("position(%q) = %+v, want %+v", in, got, want)
		}
	}
}

func TestMatcher(t *testing.T) {
	pkg := &packages.Package{PkgPath: "example.com/m/apis/v1", GoFiles: []string{"/src/m/apis/v1/types.go"}}
	for _, c := range []struct {
		dir, pat string
		want     bool
	}{
		{"/src/m", "./...", true},
		{"/src/m", "./apis/...", true},
		{"/src/m", "./apis/v1", true},
		{"/src/m", "./apis", false},
		{"/src/m/apis", "../apis/v1", true},
		{"", "/src/m/apis/...", true},
		{"", "example.com/m/...", true},
		{"", "example.com/m/apis/v1", true},
		{"", "example.com/m/apis/v1/...", true},
		{"", "example.com/m/apis/v2", false},
		{"", "example.com/m/.../v1", true},
	} {
		dir := c.dir
		if dir != "" {
			dir = filepath.FromSlash(dir)
		}
		if got := newMatcher(dir, c.pat).match(pkg); got != c.want {
			t.Errorf("pattern %q in %q: match = %v, want %v", c.pat, c.dir, got, c.want)
		}
	}
}

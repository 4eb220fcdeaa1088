package servercheck

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

func TestModuleLine(t *testing.T) {
	for in, want := range map[string]string{
		"module github.com/apigen-dev/apigen\n\ngo 1.26.0\n": modulePath,
		"// a comment\nmodule \"example.com/x\" // quoted\n": "example.com/x",
		"go 1.26.0\n": "",
	} {
		if got := moduleLine([]byte(in)); got != want {
			t.Errorf("moduleLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSourceDir: built from a checkout, the source found is this
// repository's root.
func TestSourceDir(t *testing.T) {
	got, ok := sourceDir()
	want, _ := filepath.Abs("../..")
	if !ok || got != want {
		t.Errorf("sourceDir() = %q, %v; want %q", got, ok, want)
	}
	if _, err := os.Stat(filepath.Join(got, "cmd/apigen-check/main.go")); err != nil {
		t.Error(err)
	}
}

func TestReleaseVersion(t *testing.T) {
	dep := func(v string, replace *debug.Module) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: "example.com/tools"},
			Deps: []*debug.Module{{Path: modulePath, Version: v, Replace: replace}}}
	}
	main := func(v string) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: v}}
	}
	for _, c := range []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"no build info", nil, ""},
		{"a checkout", main("(devel)"), ""},
		{"a modified checkout", main("v0.3.1-0.20260101000000-abcdefabcdef+dirty"), ""},
		{"go install @v0.3.0", main("v0.3.0"), "v0.3.0"},
		{"a tool of another module", dep("v0.3.0", nil), "v0.3.0"},
		{"a pseudo-version", dep("v0.3.1-0.20260101000000-abcdefabcdef", nil), "v0.3.1-0.20260101000000-abcdefabcdef"},
		{"replaced", dep("v0.3.0", &debug.Module{Path: "../apigen"}), ""},
		{"not a dependency", &debug.BuildInfo{Main: debug.Module{Path: "example.com/tools"}}, ""},
	} {
		got, ok := releaseVersion(c.info)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%s: releaseVersion = %q, %v; want %q", c.name, got, ok, c.want)
		}
	}
}

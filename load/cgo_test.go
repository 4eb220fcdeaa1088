package load

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCgoFileKept: a load turns cgo off, but a package with a file that
// only a cgo build takes must still be read with that file.
func TestCgoFileKept(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":   "module example.com/m\n\ngo 1.24\n",
		"p/a.go":   "package p\n\ntype A struct{ N Native }\n",
		"p/b.go":   "package p\n\n// #include <stdint.h>\nimport \"C\"\n\n// Native comes from C.\ntype Native int32\n",
		"q/q.go":   "package q\n\ntype Q struct{ S string }\n",
		"q/q_c.go": "//go:build cgo\n\npackage q\n\ntype OnlyWithCgo int\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Unsetenv("CGO_ENABLED") // the default, which loads without cgo first
	for _, tc := range []struct{ pattern, typ string }{{"./p", "Native"}, {"./q", "OnlyWithCgo"}} {
		res, diags := Load(Config{Dir: dir, Patterns: []string{tc.pattern}})
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tc.pattern, diags)
		}
		if len(res.Targets) != 1 || res.Targets[0].Types.Scope().Lookup(tc.typ) == nil {
			t.Errorf("%s: type %s is missing: the load left out the file only cgo takes", tc.pattern, tc.typ)
		}
	}
	if testing.Verbose() {
		t.Log("both packages loaded with their cgo files")
	}
}

// TestNoCgoNeeded: a package without cgo files loads with cgo off, and
// droppedCgoFiles sees nothing to bring back.
func TestNoCgoNeeded(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte("package m\n\nimport \"net\"\n\ntype A struct{ IP net.IP }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, diags := Load(Config{Dir: dir, Patterns: []string{"."}})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var roots = res.Targets
	if droppedCgoFiles(roots) {
		t.Error("droppedCgoFiles: true for a module without cgo files (net's cgo files are the standard library's)")
	}
}

package load

import (
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// anyWord is the predeclared any, which export data does not keep: a
// package read from the type cache spells interface{} where its source
// spells any, and the two are the same type.
var anyWord = regexp.MustCompile(`\bany\b`)

// exported prints every exported declaration of every loaded package, with
// the methods of its named types, so that two loads can be compared.
func exported(t *testing.T, res *Result) map[string]string {
	t.Helper()
	out := map[string]string{}
	for path, p := range res.ByPath {
		if p.Types == nil {
			t.Fatalf("%s has no types", path)
		}
		var lines []string
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() {
				continue
			}
			lines = append(lines, anyWord.ReplaceAllString(types.ObjectString(obj, nil), "interface{}"))
			if named, ok := obj.Type().(*types.Named); ok && obj.Type() != nil {
				if _, isName := obj.(*types.TypeName); isName {
					for m := range named.Methods() {
						lines = append(lines, "  "+anyWord.ReplaceAllString(types.ObjectString(m, nil), "interface{}"))
					}
				}
			}
		}
		out[path] = strings.Join(lines, "\n")
	}
	return out
}

func loadOwn(t *testing.T) *Result {
	t.Helper()
	res, diags := Load(Config{Dir: "..", Patterns: []string{"./diag", "./output"}})
	if diags.HasErrors() {
		t.Fatal(diags.Sorted())
	}
	return res
}

// TestTypeCache loads with the type cache off, cold, warm and with every
// entry damaged: each load must give the same types, the warm one from
// the cache, and the damaged entries must be replaced.
func TestTypeCache(t *testing.T) {
	t.Setenv("APIGEN_CACHE", "off")
	want := exported(t, loadOwn(t))

	root := t.TempDir()
	t.Setenv("APIGEN_CACHE", root)
	dir := filepath.Join(root, "types")
	same := func(what string, res *Result) {
		t.Helper()
		got := exported(t, res)
		for path, w := range want {
			if got[path] != w {
				t.Errorf("%s: package %s differs from a load without the cache:\n%s\nwant:\n%s", what, path, got[path], w)
			}
		}
		for _, p := range res.ByPath {
			if p.Module == nil && p.PkgPath != "unsafe" && len(p.Syntax) != 0 {
				t.Errorf("%s: standard-library package %s has syntax", what, p.PkgPath)
			}
		}
	}
	hits := func() int64 { return typeCacheHits.Load() }

	before := hits()
	same("cold", loadOwn(t))
	entries, _ := os.ReadDir(dir)
	if len(entries) < 20 || hits() != before {
		t.Fatalf("cold load: %d entries, %d hits; want the standard library stored and nothing read", len(entries), hits()-before)
	}

	before = hits()
	same("warm", loadOwn(t))
	if got := hits() - before; got != int64(len(entries)) {
		t.Errorf("warm load read %d entries, want all %d", got, len(entries))
	}

	// Truncate half of the entries, flip a byte in the middle of the rest.
	for i, e := range entries {
		file := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			data = data[:len(data)/2]
		} else {
			data[len(data)/2] ^= 0x20
		}
		if err := os.WriteFile(file, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	before = hits()
	same("damaged", loadOwn(t))
	if got := hits() - before; got != 0 {
		t.Errorf("a load over damaged entries read %d of them", got)
	}
	before = hits()
	same("repaired", loadOwn(t))
	if got := hits() - before; got != int64(len(entries)) {
		t.Errorf("after the damaged load, %d entries were read, want all %d again", got, len(entries))
	}
	after, _ := os.ReadDir(dir)
	if names := func(es []os.DirEntry) (n []string) {
		for _, e := range es {
			n = append(n, e.Name())
		}
		return n
	}; !slices.Equal(names(entries), names(after)) {
		t.Errorf("the damaged load did not store the same entries again")
	}
}

package load

import (
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/packages"
)

// anyWord is the predeclared any, which export data does not keep: a
// package read from the type cache spells interface{} where its source
// spells any, and the two are the same type.
var anyWord = regexp.MustCompile(`\bany\b`)

// exported prints every exported declaration of every package the load
// gave types, with the methods of its named types, so that two loads can
// be compared. A package without types is left out.
func exported(t *testing.T, res *Result) map[string]string {
	t.Helper()
	out := map[string]string{}
	for path, p := range res.ByPath {
		if p.Types == nil {
			continue
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

func loadOwn(t *testing.T) *Result { return loadOwnWith(t, false) }

// loadOwnWith loads two of apigen's packages; output imports gengo and
// x/tools from the module cache.
func loadOwnWith(t *testing.T, deps bool) *Result {
	t.Helper()
	res, diags := Load(Config{Dir: "..", Patterns: []string{"./diag", "./output"}, DependencyTypes: deps})
	if diags.HasErrors() {
		t.Fatal(diags.Sorted())
	}
	return res
}

// TestTypeCache loads with the type cache off, cold, warm and with every
// entry damaged: each load must give the same types, the warm one from
// the cache, and the damaged entries must be replaced.
func TestTypeCache(t *testing.T) { checkTypeCache(t, false) }

// TestDependencyTypes is TestTypeCache for a load whose module-cache
// dependencies are read as the standard library is: they get no syntax,
// and their types are the same from the cache as from their source.
func TestDependencyTypes(t *testing.T) { checkTypeCache(t, true) }

func checkTypeCache(t *testing.T, deps bool) {
	t.Setenv("APIGEN_CACHE", "off")
	want := exported(t, loadOwnWith(t, false))
	loadOwn := func(t *testing.T) *Result { return loadOwnWith(t, deps) }

	root := t.TempDir()
	t.Setenv("APIGEN_CACHE", root)
	dir := filepath.Join(root, "types")
	same := func(what string, res *Result) {
		t.Helper()
		got := exported(t, res)
		pruned := 0
		for path, w := range want {
			g, ok := got[path]
			switch {
			case !ok && deps && (res.ByPath[path].Module == nil || !res.ByPath[path].Module.Main):
				pruned++ // no declaration of the roots reaches it
			case g != w:
				t.Errorf("%s: package %s differs from a load without the cache:\n%s\nwant:\n%s", what, path, g, w)
			}
		}
		if deps && pruned == 0 && what != "damaged" {
			t.Errorf("%s: every package got types; the load reads only those the roots' declarations reach", what)
		}
		if what == "damaged" && pruned != 0 {
			t.Errorf("damaged: %d packages got no types; an entry that does not decode makes the load read everything", pruned)
		}
		modules := 0
		for _, p := range res.ByPath {
			if p.Module == nil && p.PkgPath != "unsafe" && len(p.Syntax) != 0 {
				t.Errorf("%s: standard-library package %s has syntax", what, p.PkgPath)
			}
			if p.Module != nil && !p.Module.Main {
				modules++
				if deps == (len(p.Syntax) != 0) {
					t.Errorf("%s: module-cache package %s has %d files of syntax, with DependencyTypes %v", what, p.PkgPath, len(p.Syntax), deps)
				}
			}
			if p.Module != nil && p.Module.Main && len(p.Syntax) == 0 {
				t.Errorf("%s: package %s of the main module has no syntax", what, p.PkgPath)
			}
		}
		if modules < 5 {
			t.Fatalf("%s: the load has %d packages of other modules; the test wants several", what, modules)
		}
	}
	hits := func() int64 { return typeCacheHits.Load() }

	before := hits()
	same("cold", loadOwn(t))
	entries, _ := os.ReadDir(dir)
	if len(entries) < 20 || hits() != before {
		t.Fatalf("cold load: %d entries, %d hits; want the standard library stored and nothing read", len(entries), hits()-before)
	}

	// With deps, a warm load reads only what the roots' declarations name:
	// export data holds what those refer to.
	before = hits()
	same("warm", loadOwn(t))
	warm := hits() - before
	if !deps && warm != int64(len(entries)) || deps && (warm == 0 || warm >= int64(len(entries))) {
		t.Errorf("warm load read %d of %d entries", warm, len(entries))
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
	if got := hits() - before; got != warm {
		t.Errorf("after the damaged load, %d entries were read, want %d again", got, warm)
	}
	after, _ := os.ReadDir(dir)
	names := func(es []os.DirEntry) (n []string) {
		for _, e := range es {
			n = append(n, e.Name())
		}
		return n
	}
	for _, name := range names(entries) {
		if !slices.Contains(names(after), name) {
			t.Errorf("the damaged load did not store %s again", name)
		}
	}
	if !deps && len(after) != len(entries) {
		t.Errorf("the damaged load stored %d entries, the cold one %d", len(after), len(entries))
	}
}

// TestDependencyTypesLocal loads a module with one dependency from the
// module cache and one replaced by a directory: both are read as types.
// The replaced one's entry is keyed by its files' contents: rewriting a
// file as it was (as a generator does) keeps it, and an edit is seen.
func TestDependencyTypesLocal(t *testing.T) {
	t.Setenv("APIGEN_CACHE", t.TempDir())
	dir := twoDependencies(t)
	load := func() *Result {
		t.Helper()
		res, diags := Load(Config{Dir: dir, Patterns: []string{"."}, DependencyTypes: true})
		if diags.HasErrors() {
			t.Fatal(diags.Sorted())
		}
		return res
	}
	res := load()
	for path, wantSyntax := range map[string]bool{"example.com/m": true, "example.com/local": false, "k8s.io/gengo/v2/types": false} {
		p := res.ByPath[path]
		if p == nil {
			t.Fatalf("%s is not loaded", path)
		}
		if got := len(p.Syntax) != 0; got != wantSyntax {
			t.Errorf("%s: syntax %v, want %v", path, got, wantSyntax)
		}
	}

	// Rewritten with the same contents and a new time: read from the cache.
	hits := func() int64 {
		before := typeCacheHits.Load()
		load()
		return typeCacheHits.Load() - before
	}
	warm := hits()
	file := filepath.Join(dir, "local", "l.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(file, later, later); err != nil {
		t.Fatal(err)
	}
	if rewritten := hits(); rewritten != warm {
		t.Errorf("a file rewritten as it was: %d packages read from the cache, %d before", rewritten, warm)
	}
	// Edited: the new field is there.
	if err := os.WriteFile(file, []byte("package local\n\n// L is local.\ntype L struct{ N, M int }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(file, later, later); err != nil { // the time alone says nothing changed
		t.Fatal(err)
	}
	l := load().ByPath["example.com/local"].Types.Scope().Lookup("L")
	if st, ok := l.Type().Underlying().(*types.Struct); !ok || st.NumFields() != 2 {
		t.Errorf("after an edit, L is %v, want two fields", l.Type().Underlying())
	}

	// The key of a module-cache package names its module's version.
	c := openTypeCache()
	p := res.ByPath["k8s.io/gengo/v2/types"]
	keys := map[*packages.Package]string{}
	packages.Visit([]*packages.Package{p}, nil, func(q *packages.Package) { keys[q] = c.key(q, keys) })
	bumped := *p
	mod := *p.Module
	mod.Version += "-bumped"
	bumped.Module = &mod
	if keys[p] == "" || c.key(&bumped, keys) == keys[p] {
		t.Errorf("a version bump keeps the key %q", keys[p])
	}
}

// twoDependencies writes a module that imports gengo from the module cache
// and example.com/local, replaced by a directory, and returns its path.
func twoDependencies(t *testing.T) string {
	t.Helper()
	t.Setenv("GOFLAGS", "-mod=mod")
	dir := t.TempDir()
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	gengo := regexp.MustCompile(`k8s\.io/gengo/v2 v\S+`).Find(gomod)
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n\nrequire (\n\t" + string(gengo) + "\n\texample.com/local v0.0.0\n)\n\nreplace example.com/local => ./local\n",
		"go.sum": string(sum),
		"m.go": "package m\n\nimport (\n\t\"example.com/local\"\n\t\"k8s.io/gengo/v2/types\"\n)\n\n" +
			"// T uses both.\ntype T struct {\n\tA local.L\n\tB types.Name\n}\n",
		"local/go.mod": "module example.com/local\n\ngo 1.26\n",
		"local/l.go":   "package local\n\n// L is local.\ntype L struct{ N int }\n",
	})
	return dir
}

// writeFiles writes files, by slash-separated path below dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPrune loads with Config.Prune alone: packages no declaration of the
// roots reaches get no types, those it reaches get the types a full load
// gives them, and every package with types outside the standard library
// keeps its syntax.
func TestPrune(t *testing.T) {
	t.Setenv("APIGEN_CACHE", t.TempDir())
	want := exported(t, loadOwn(t))
	res, diags := Load(Config{Dir: "..", Patterns: []string{"./diag", "./output"}, Prune: true})
	if diags.HasErrors() {
		t.Fatal(diags.Sorted())
	}
	got := exported(t, res)
	if len(got) >= len(want) {
		t.Errorf("%d of %d packages got types; only those the roots' declarations reach should", len(got), len(want))
	}
	for path, g := range got {
		if g != want[path] {
			t.Errorf("package %s differs from a full load:\n%s\nwant:\n%s", path, g, want[path])
		}
		if p := res.ByPath[path]; p.Module != nil && len(p.Syntax) == 0 {
			t.Errorf("package %s has types but no syntax", path)
		}
	}
}

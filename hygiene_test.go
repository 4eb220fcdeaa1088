package apigen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// goList runs go list with args in the repository and returns its lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	return strings.Fields(string(out))
}

// requirements reads go.mod's require lines: module path to whether the
// line says // indirect.
func requirements(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	block := false
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "require (":
			block = true
			continue
		case line == ")":
			block = false
			continue
		case strings.HasPrefix(line, "require "):
			line = strings.TrimPrefix(line, "require ")
		case !block:
			continue
		}
		if f := strings.Fields(line); len(f) >= 2 {
			out[f[0]] = strings.HasSuffix(line, "// indirect")
		}
	}
	return out
}

// TestDirectRequirements checks that every module the non-test code
// imports is required in go.mod without "// indirect".
func TestDirectRequirements(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the repository")
	}
	imports := goList(t, "-f", `{{range .Imports}}{{.}} {{end}}`, "./...")
	slices.Sort(imports)
	imports = slices.Compact(imports)
	var external []string
	for _, p := range imports {
		if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ".") && !strings.HasPrefix(p, "github.com/apigen-dev/apigen") {
			external = append(external, p)
		}
	}
	modules := goList(t, append([]string{"-f", "{{.Module.Path}}"}, external...)...)
	slices.Sort(modules)
	req := requirements(t)
	for _, m := range slices.Compact(modules) {
		indirect, ok := req[m]
		switch {
		case !ok:
			t.Errorf("go.mod does not require %s, which non-test code imports", m)
		case indirect:
			t.Errorf("go.mod marks %s // indirect, but non-test code imports it", m)
		}
	}
}

// TestGeneratorsIndependent checks that no generator imports another:
// shared code lives in internal packages, and results pass through the
// engine. generators/all, which lists every generator, is the exception.
func TestGeneratorsIndependent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the repository")
	}
	const root = "github.com/apigen-dev/apigen/generators/"
	lines := goList(t, "-f", `{{.ImportPath}}{{range .Imports}},{{.}}{{end}}`, "./generators/...")
	generator := func(path string) string {
		name, _, _ := strings.Cut(strings.TrimPrefix(path, root), "/")
		return name
	}
	checked := 0
	for _, line := range lines {
		pkg, imports, _ := strings.Cut(line, ",")
		if generator(pkg) == "all" {
			continue
		}
		checked++
		for _, imp := range strings.Split(imports, ",") {
			if strings.HasPrefix(imp, root) && generator(imp) != generator(pkg) {
				t.Errorf("%s imports %s: a generator reaches another through internal packages or engine.Result", pkg, imp)
			}
		}
	}
	if checked < 17 {
		t.Fatalf("checked %d generator packages; go list gave %q", checked, lines)
	}
}

// TestOneWriterTypedMarkers checks that only package output sets up
// gengo's import tracker, and only package markers reads a marker's
// untyped value.
func TestOneWriterTypedMarkers(t *testing.T) {
	for _, rule := range []struct{ text, home string }{
		{"NewImportTrackerForPackage", "output/"},
		{".Value.(", "markers/"},
	} {
		filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != ".":
				return filepath.SkipDir
			case d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || strings.HasPrefix(p, rule.home):
				return nil
			}
			data, err := os.ReadFile(p)
			if err == nil && strings.Contains(string(data), rule.text) {
				t.Errorf("%s uses %s, which belongs in %s only", p, rule.text, rule.home)
			}
			return err
		})
	}
}

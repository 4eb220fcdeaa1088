package apigen_test

import (
	"os"
	"os/exec"
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

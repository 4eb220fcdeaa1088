package kubecodegen_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// scriptModule is a module whose own hack/update-codegen.sh goes through
// kube_codegen.sh.
type scriptModule struct {
	module string
	tools  []string // the tools the script runs: their files go first
	under  string   // where the script generates, below the module root
	report string   // its API rule violation report, if it writes one
	lines  int      // how many lines upstream's report has
}

var scriptModules = []scriptModule{
	{module: "k8s.io/sample-apiserver@v0.37.2", under: ".", report: "sample_apiserver_violation_exceptions.list", lines: 15,
		tools: []string{"deepcopy-gen", "conversion-gen", "defaulter-gen", "openapi-gen", "applyconfiguration-gen", "client-gen", "lister-gen", "informer-gen"}},
	{module: "k8s.io/metrics@v0.37.2", under: ".",
		tools: []string{"deepcopy-gen", "conversion-gen", "defaulter-gen", "client-gen"}},
	{module: "k8s.io/kube-aggregator@v0.37.2", under: ".", report: "aggregator_violation_exceptions.list", lines: 15,
		tools: []string{"deepcopy-gen", "conversion-gen", "defaulter-gen", "openapi-gen", "applyconfiguration-gen", "client-gen", "lister-gen", "informer-gen"}},
	// Its examples/ hold generated files its script does not make.
	{module: "k8s.io/apiextensions-apiserver@v0.37.2", under: "pkg", report: "apiextensions_violation_exceptions.list", lines: 46,
		tools: []string{"deepcopy-gen", "conversion-gen", "defaulter-gen", "openapi-gen", "applyconfiguration-gen", "client-gen", "lister-gen", "informer-gen"}},
}

// TestOwnUpdateCodegenScripts runs Kubernetes modules' own, unmodified
// hack/update-codegen.sh with CODEGEN_PKG pointing at this repository, as
// a user switching to apigen does, and expects no file of the module to
// change: helpers, openapi, model names, apply configurations, clientsets,
// listers and informers alike. Where the script writes an API rule
// violation report, it must equal the one upstream's kube_codegen.sh
// writes for the same script.
func TestOwnUpdateCodegenScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs four modules' code generation; skipped with -short")
	}
	root, _ := filepath.Abs("..")
	for _, sm := range scriptModules {
		t.Run(sm.module, func(t *testing.T) {
			dir := refmodtest.Copy(t, sm.module)
			before := paritytest.Snapshot(t, dir)
			// Every generated file goes first, so that each must be
			// written again for the comparison to pass.
			removed := 0
			for p, b := range paritytest.Snapshot(t, filepath.Join(dir, sm.under)) {
				if generatedBy(b, sm.tools) {
					if err := os.Remove(p); err != nil {
						t.Fatal(err)
					}
					removed++
				}
			}
			if removed < 10 {
				t.Fatalf("found only %d generated files to remove", removed)
			}
			reports := updateCodegen(t, dir, root, nil)
			assertSame(t, before, paritytest.Snapshot(t, dir))
			if sm.report != "" {
				compareReport(t, sm, reports)
			}
		})
	}
}

// updateCodegen runs the module's hack/update-codegen.sh in dir with
// CODEGEN_PKG set to codegen, and returns the directory it wrote its API
// rule violation report into.
func updateCodegen(t testing.TB, dir, codegen string, env []string) string {
	t.Helper()
	reports := t.TempDir()
	env = append([]string{"API_KNOWN_VIOLATIONS_DIR=" + reports, "UPDATE_API_KNOWN_VIOLATIONS=true"}, env...)
	if out, err := runScript(t, dir, codegen, env); err != nil {
		t.Fatalf("update-codegen.sh with CODEGEN_PKG=%s: %v\n%s", codegen, err, out)
	}
	return reports
}

// runScript runs hack/update-codegen.sh in dir with CODEGEN_PKG set to
// codegen, a fresh apigen cache, and env, and returns its output.
func runScript(t testing.TB, dir, codegen string, env []string) ([]byte, error) {
	t.Helper()
	cmd := exec.Command("bash", "hack/update-codegen.sh")
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "CODEGEN_PKG="+codegen, "APIGEN_CACHE="+sharedDir(t, "apigen-cache")), env...)
	return cmd.CombinedOutput()
}

// TestVerifyThroughScript runs sample-apiserver's own script with
// APIGEN_VERIFY_ONLY=true: on the module as shipped it passes; after
// edits it fails, names what is stale or missing, and changes no file. A
// script stops at its first failing function, as errexit has it.
func TestVerifyThroughScript(t *testing.T) {
	if testing.Short() {
		t.Skip("runs sample-apiserver's code generation; skipped with -short")
	}
	root, _ := filepath.Abs("..")
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	reports := updateCodegen(t, dir, root, nil) // the report to verify against
	verify := func(want ...string) {
		t.Helper()
		before := paritytest.Snapshot(t, dir)
		out, err := runScript(t, dir, root, []string{"API_KNOWN_VIOLATIONS_DIR=" + reports, "UPDATE_API_KNOWN_VIOLATIONS=", "APIGEN_VERIFY_ONLY=true"})
		switch {
		case len(want) == 0 && err != nil:
			t.Fatalf("verifying the module as shipped: %v\n%s", err, out)
		case len(want) > 0 && err == nil:
			t.Fatalf("verifying an edited module passed:\n%s", out)
		}
		for _, w := range want {
			if !bytes.Contains(out, []byte(w)) {
				t.Errorf("the output lacks %q:\n%s", w, out)
			}
		}
		assertSame(t, before, paritytest.Snapshot(t, dir))
	}
	verify()

	stale := filepath.Join(dir, "pkg/generated/clientset/versioned/typed/wardle/v1alpha1/flunder.go")
	missing := filepath.Join(dir, "pkg/generated/listers/wardle/v1beta1/flunder.go")
	shipped := paritytest.Snapshot(t, dir)
	write(t, stale, append(slices.Clone(shipped[stale]), "// edited\n"...))
	if err := os.Remove(missing); err != nil {
		t.Fatal(err)
	}
	verify("stale: "+stale, "+++ "+stale+" (generated)", "missing: "+missing)

	write(t, stale, shipped[stale])
	write(t, missing, shipped[missing])
	report := filepath.Join(reports, "sample_apiserver_violation_exceptions.list")
	write(t, report, nil)
	verify("stale: " + report)
}

func write(t *testing.T, file string, data []byte) {
	t.Helper()
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// assertSame fails t unless after holds exactly the files of before.
func assertSame(t testing.TB, before, after map[string][]byte) {
	t.Helper()
	for p, want := range before {
		if got, ok := after[p]; !ok {
			t.Errorf("%s was deleted", p)
		} else if !bytes.Equal(got, want) {
			t.Errorf("%s changed:\n%s", p, refmodtest.FirstLines(got, want))
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s was added", p)
		}
	}
}

// compareReport runs the module's script again, in a fresh copy, with
// upstream's kube_codegen.sh (k8s.io/code-generator v0.37.2), and expects
// the API rule violation report ours wrote, byte for byte.
func compareReport(t *testing.T, sm scriptModule, ours string) {
	codegen := refmodtest.Download(t, "k8s.io/code-generator@v0.37.2")
	upstream := updateCodegen(t, refmodtest.Copy(t, sm.module), codegen, []string{"GOBIN=" + sharedDir(t, "upstream-bin"), "GOFLAGS=", "GOWORK=off"})
	want, err := os.ReadFile(filepath.Join(upstream, sm.report))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(want, []byte("\n")); n != sm.lines {
		t.Errorf("upstream's script reports %d API rule violations, expected %d", n, sm.lines)
	}
	got, err := os.ReadFile(filepath.Join(ours, sm.report))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the violation report differs from upstream's:\n%s", refmodtest.FirstLines(got, want))
	}
}

// generatedBy reports whether a file's header says one of tools wrote it.
func generatedBy(b []byte, tools []string) bool {
	return slices.ContainsFunc(tools, func(tool string) bool { return paritytest.GeneratedBy(b, tool) })
}

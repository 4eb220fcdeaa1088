package kubecodegen_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestGenHelpersLintRules runs gen_helpers with both lint rules: on the
// example, which follows them, it succeeds; on testdata/lint's internal
// version package, which lacks its conversion and validation tags, it
// fails with the finding at doc.go's line and writes nothing.
func TestGenHelpersLintRules(t *testing.T) {
	if testing.Short() {
		t.Skip("runs kube_codegen.sh; skipped with -short")
	}
	const script = `source "${CODEGEN_PKG}/kube_codegen.sh"
kube::codegen::gen_helpers --lint-rules known-tags-only,require-explicit-disablement `
	dir, _ := exampleCopy(t)
	if out, err := bash(t, dir, script+"--boilerplate hack/boilerplate.go.txt apis"); err != nil {
		t.Fatalf("gen_helpers on the example: %v\n%s", err, out)
	}

	lint := refmodtest.CopyDir(t, "../testdata/lint")
	golden, err := os.ReadFile(filepath.Join(lint, "golden", "internal.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := bash(t, lint, script+"internal")
	want := strings.TrimSpace(strings.TrimPrefix(string(golden), "internal/v1/doc.go"))
	if err == nil || !strings.Contains(out, "internal/v1/doc.go") || !strings.Contains(out, want) {
		t.Errorf("gen_helpers on testdata/lint/internal: err %v, output:\n%s\nwant the finding%s", err, out, want)
	}
	if files := refmodtest.Take(t, lint, "zz_generated.defaults.go"); len(files) > 0 {
		t.Errorf("wrote %d files although the run failed", len(files))
	}
}

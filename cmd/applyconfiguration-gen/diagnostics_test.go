package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// diagnosticsDir is the module of packages with problems, and
// diagnosticsArgs the flags every run of it takes.
const diagnosticsDir = "../../testdata/applyconfig/diagnostics"

var diagnosticsArgs = []string{"--output-dir", "out", "--output-pkg", "acdiag.example/out"}

// TestDiagnostics runs applyconfiguration-gen on packages with problems.
// Each run must exit 1, print exactly the diagnostics in
// testdata/applyconfig/diagnostics/golden, and write nothing.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs(diagnosticsDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"unknownmarker", "badvalue", "mixed", "listmap", "noopenapi", "nomodelname", "dangling", "embedded", "all"} {
		t.Run(name, func(t *testing.T) {
			t.Chdir(root)
			pattern := "./" + name + "/..."
			if name == "all" {
				pattern = "./..."
			}
			var stdout, stderr bytes.Buffer
			if code := run(append(diagnosticsArgs, pattern), &stdout, &stderr); code != 1 {
				t.Errorf("exit status %d, want 1", code)
			}
			refmodtest.Golden(t, filepath.Join("golden", name+".txt"), stderr.String())
			if _, err := os.Stat("out"); err == nil {
				t.Errorf("wrote into out/ although the run failed")
			}
		})
	}
}

// TestFlagErrors checks the errors in flags that upstream also rejects:
// they exit 2 before anything is loaded.
func TestFlagErrors(t *testing.T) {
	root, err := filepath.Abs(diagnosticsDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"external-notype", append([]string{"--external-applyconfigurations", "example.com/api/v1.Thing"}, diagnosticsArgs...)},
		{"external-nopackage", append([]string{"--external-applyconfigurations", "Thing:example.com/ac/v1"}, diagnosticsArgs...)},
		{"external-duplicate", append([]string{"--external-applyconfigurations", "k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta:example.com/ac/meta/v1"}, diagnosticsArgs...)},
		{"external-csv", append([]string{"--external-applyconfigurations", `"a.B:c`}, diagnosticsArgs...)},
		{"nooutputdir", []string{"--output-pkg", "acdiag.example/out"}},
		{"nooutputpkg", []string{"--output-dir", "out"}},
		{"noschema", append([]string{"--openapi-schema", "missing.json"}, diagnosticsArgs...)},
		{"badschema", append([]string{"--openapi-schema", "go.mod"}, diagnosticsArgs...)},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(root)
			var stdout, stderr bytes.Buffer
			if code := run(append(c.args, "./mixed/..."), &stdout, &stderr); code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			refmodtest.Golden(t, filepath.Join("golden", "flag-"+c.name+".txt"), stderr.String())
			if _, err := os.Stat("out"); err == nil {
				t.Errorf("wrote into out/ although the flags were wrong")
			}
		})
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs lister-gen on packages with bad markers. Each run
// must exit 1, print exactly the diagnostics in
// testdata/lister/diagnostics/golden, and write nothing.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/lister/diagnostics")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"unknownmarker", "badvalue", "noobjectmeta", "mixed", "all"} {
		t.Run(name, func(t *testing.T) {
			t.Chdir(root)
			pattern := "./" + name + "/..."
			if name == "all" {
				pattern = "./..."
			}
			var stdout, stderr bytes.Buffer
			code := run([]string{"--output-dir", "out", "--output-pkg", "listerdiag.example/out", pattern}, &stdout, &stderr)
			if code != 1 {
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
	root, err := filepath.Abs("../../testdata/lister/diagnostics")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"pluralexceptions", []string{"--output-dir", "out", "--output-pkg", "listerdiag.example/out", "--plural-exceptions", "Endpoints:Endpoints,Endpoints", "./mixed/..."}},
		{"nooutputdir", []string{"--output-pkg", "listerdiag.example/out", "./mixed/..."}},
		{"nooutputpkg", []string{"--output-dir", "out", "./mixed/..."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(root)
			var stdout, stderr bytes.Buffer
			if code := run(c.args, &stdout, &stderr); code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			refmodtest.Golden(t, filepath.Join("golden", "flag-"+c.name+".txt"), stderr.String())
			if _, err := os.Stat("out"); err == nil {
				t.Errorf("wrote into out/ although the flags were wrong")
			}
		})
	}
}

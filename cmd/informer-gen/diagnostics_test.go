package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs informer-gen on packages with bad markers. Each run
// must exit 1, print exactly the diagnostics in
// testdata/informer/diagnostics/golden, and write nothing.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/informer/diagnostics")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"unknownmarker", "badvalue", "internal", "all"} {
		t.Run(name, func(t *testing.T) {
			t.Chdir(root)
			pattern := "./" + name + "/..."
			if name == "all" {
				pattern = "./..."
			}
			var stdout, stderr bytes.Buffer
			code := run(append(required, pattern), &stdout, &stderr)
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

// required are the flags informer-gen cannot run without.
var required = []string{"--output-dir", "out", "--output-pkg", "informerdiag.example/out",
	"--versioned-clientset-package", "informerdiag.example/clientset", "--listers-package", "informerdiag.example/listers"}

// TestFlagErrors checks the errors in flags that upstream also rejects:
// they exit 2 before anything is loaded.
func TestFlagErrors(t *testing.T) {
	root, err := filepath.Abs("../../testdata/informer/diagnostics")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"pluralexceptions", append(slices.Clone(required), "--plural-exceptions", "Endpoints:Endpoints,A:B:C", "./internal")},
		{"nooutputdir", append(slices.Clone(required[2:]), "./internal")},
		{"noclientset", append(slices.Clone(required[:4]), "--listers-package", "x", "./internal")},
		{"nolisters", append(slices.Clone(required[:6]), "./internal")},
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

package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs prerelease-lifecycle-gen on packages with bad
// markers, in a copy of testdata/prerelease/diagnostics. Each run must
// exit 1, print exactly the diagnostics in golden/, and write nothing.
func TestDiagnostics(t *testing.T) {
	for _, name := range []string{"badversion", "missing", "all"} {
		t.Run(name, func(t *testing.T) {
			dir := refmodtest.CopyDir(t, "../../testdata/prerelease/diagnostics")
			want, err := os.ReadFile(filepath.Join(dir, "golden", name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			pattern := "./" + name + "/..."
			if name == "all" {
				pattern = "./..."
			}
			refmodtest.Diagnostics(t, dir, outputName, run, string(want), false, "--output-file", outputName, pattern)
		})
	}
}

// TestWarningsAsUpstream runs upstream's prerelease-lifecycle-gen and ours
// on misspelt and misplaced markers, which upstream passes over: ours must
// write upstream's bytes and print golden/unknownmarker.txt, warnings only.
func TestWarningsAsUpstream(t *testing.T) {
	refmodtest.CasesAsUpstream(t, "prerelease-lifecycle-gen", "../../testdata/prerelease/diagnostics", outputName, run,
		func(c string) string { return "./" + c + "/..." }, "unknownmarker")
}

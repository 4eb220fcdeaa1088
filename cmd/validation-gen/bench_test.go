package main

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/benchtest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// BenchmarkOutputTests times upstream's validation-gen against ours on
// code-generator's whole output_tests tree (225 packages), each its own
// process with upstream's command line, alternating, one round per
// iteration, each from a tree with the generated files removed. Ours runs
// with APIGEN_CACHE=off, so that every round loads. It reports the
// medians:
//
//	go test ./cmd/validation-gen -run '^$' -bench OutputTests -benchtime 5x
func BenchmarkOutputTests(b *testing.B) {
	module := refmodtest.Copy(b, testsModule)
	tests := filepath.Join(module, testsDir)
	header := refmodtest.Lines(b, filepath.Join(tests, "tags/required", outputName), 4, 18)
	upstream := filepath.Join(refmodtest.InstallUpstream(b, "validation-gen"), "validation-gen")
	ours := filepath.Join(b.TempDir(), "validation-gen")
	if out, err := exec.Command("go", "build", "-o", ours, ".").CombinedOutput(); err != nil {
		b.Fatalf("building validation-gen: %v\n%s", err, out)
	}
	args := []string{"--output-file", outputName, "--go-header-file", header, "./..."}
	b.Setenv("APIGEN_CACHE", "off")
	var r benchtest.Rounds
	for b.Loop() {
		refmodtest.Take(b, tests, outputName)
		u := benchtest.Timed(func() { benchtest.ExecIn(b, tests, upstream, args...) })
		refmodtest.Take(b, tests, outputName)
		o := benchtest.Timed(func() { benchtest.ExecIn(b, tests, ours, args...) })
		r.Add(b, u, o)
	}
	r.Report(b)
}

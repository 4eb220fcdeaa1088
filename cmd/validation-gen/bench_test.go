package main

import (
	"bytes"
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
// with a private cache, warmed by an untimed first round, and with
// APIGEN_RUNCACHE=off, so that every round loads and generates, its
// dependencies from the type cache. Every round of ours must write what
// upstream's wrote, byte for byte. It reports the medians and peak RSS:
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
	b.Setenv("APIGEN_CACHE", b.TempDir())
	b.Setenv("APIGEN_RUNCACHE", "off")
	refmodtest.Take(b, tests, outputName)
	benchtest.ExecIn(b, tests, ours, args...) // warms the type and graph caches
	var r benchtest.Rounds
	for b.Loop() {
		refmodtest.Take(b, tests, outputName)
		var upPeak, ourPeak int64
		u := benchtest.Timed(func() { upPeak = benchtest.ExecIn(b, tests, upstream, args...) })
		want := refmodtest.Take(b, tests, outputName)
		o := benchtest.Timed(func() { ourPeak = benchtest.ExecIn(b, tests, ours, args...) })
		got := refmodtest.Take(b, tests, outputName)
		if len(got) != len(want) || len(want) == 0 {
			b.Fatalf("apigen wrote %d files, upstream %d", len(got), len(want))
		}
		for f, w := range want {
			if !bytes.Equal(got[f], w) {
				b.Fatalf("%s: apigen's differs from upstream's", f)
			}
		}
		r.Add(b, u, o)
		r.Peak(upPeak, ourPeak)
	}
	r.Report(b)
}

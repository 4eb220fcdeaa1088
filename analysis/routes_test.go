package analysis_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/analysis"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/all"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// fixture is a directory of bad input and the generate flags its own tests
// use; each package below it is run alone.
type fixture struct {
	dir   string // relative to the repository's testdata
	flags []string
	whole bool // also run all of it at once, ./...
}

var fixtures = []fixture{
	{dir: "diagnostics", whole: true},
	{dir: "example", whole: true},
	{dir: "example", flags: []string{"--generators", "crdconversion"}, whole: true}, // a finding in the hub, through its spokes
	{dir: "lint", flags: []string{"--lint-rules", "known-tags-only,require-explicit-disablement"}},
	{dir: "validation/bad"},
	{dir: "conversion/badpeer"},
	{dir: "conversion/badsig"},
	{dir: "featuregate/diagnostics", flags: []string{"--featuregate-known-feature-gates", "featuregate.example/gates"}},
	{dir: "crd/bad", flags: []string{"--generators", "crd", "--crd-output-dir", "OUT"}},
	{dir: "openapi/bad", flags: []string{"--generators", "openapi", "--openapi-output-dir", "OUT", "--openapi-output-pkg", "openapi.example/generated"}},
	{dir: "openapi/cel", flags: []string{"--generators", "openapi", "--openapi-output-dir", "OUT", "--openapi-output-pkg", "openapi.example/generated"}},
}

// TestSameFindings shows that apigen vet finds what apigen generate
// --strict finds, no more and no less, package by package on every
// diagnostics fixture, and over the whole of some.
func TestSameFindings(t *testing.T) {
	total := 0
	for _, fx := range fixtures {
		dir, err := filepath.Abs(filepath.Join("../testdata", fx.dir))
		if err != nil {
			t.Fatal(err)
		}
		flags := slices.Clone(fx.flags)
		if i := slices.Index(flags, "OUT"); i >= 0 {
			flags[i] = t.TempDir()
		}
		var patterns []string
		if fx.whole {
			patterns = append(patterns, "./...")
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() && e.Name() != "golden" && e.Name() != "hack" && !fx.whole {
				patterns = append(patterns, "./"+e.Name()+"/...")
			}
		}
		for _, pat := range patterns {
			t.Run(fx.dir+"/"+strings.Trim(pat, "./"), func(t *testing.T) {
				args := append([]string{"-C", dir}, append(flags, pat)...)
				gen := generateFindings(t, dir, args)
				vet := vetFindings(t, dir, args)
				total += len(gen)
				if !slices.Equal(gen, vet) {
					t.Errorf("apigen generate --strict and apigen vet differ:\n%s", lineDiff(gen, vet))
				}
			})
		}
	}
	t.Logf("%d findings compared", total)
}

// generateFindings runs apigen generate --strict --verify-only.
func generateFindings(t *testing.T, dir string, args []string) []string {
	t.Helper()
	var stderr bytes.Buffer
	cmd, _, ok := all.Specs.ParseGenerate(append([]string{"--strict", "--verify-only"}, args...), io.Discard, &stderr)
	if !ok {
		t.Fatalf("apigen generate %s: %s", args, stderr.String())
	}
	engine.Run(cmd.Options, cmd.Generators()...)
	return refmodtest.Findings(dir, stderr.String())
}

// vetFindings runs apigen vet, checking its exit status.
func vetFindings(t *testing.T, dir string, args []string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := analysis.Vet(args, &stdout, &stderr)
	out := refmodtest.Findings(dir, stderr.String())
	if want := min(len(out), 1); code != want {
		t.Errorf("apigen vet %s: exit status %d with %d findings, want %d:\n%s", args, code, len(out), want, stderr.String())
	}
	return out
}

func lineDiff(want, got []string) string {
	var b strings.Builder
	for _, w := range want {
		if !slices.Contains(got, w) {
			b.WriteString("only generate: " + w + "\n")
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			b.WriteString("only vet:      " + g + "\n")
		}
	}
	return b.String()
}

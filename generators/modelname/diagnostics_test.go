package modelname_test

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/modelname"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs the generator on packages with bad markers, in a
// copy of testdata/modelname/diagnostics. Each run must fail, print exactly
// the diagnostics in golden/, and write nothing.
func TestDiagnostics(t *testing.T) {
	for _, name := range []string{"badvalue", "all"} {
		t.Run(name, func(t *testing.T) {
			dir, want, pattern := diagnosticsCase(t, name)
			refmodtest.Diagnostics(t, dir, outputName, generate, want, false, pattern)
		})
	}
}

// TestWarningsAsUpstream runs upstream's openapi-gen and ours on what
// upstream passes over: misspelt and misplaced markers (unknownmarker), and
// values that are no dotted model packages (lenient). Ours must write
// upstream's bytes and print golden/<case>.txt, warnings only; with
// --strict it fails and writes nothing.
func TestWarningsAsUpstream(t *testing.T) {
	if testing.Short() {
		t.Skip("builds upstream's tool from the module proxy")
	}
	for _, c := range []string{"unknownmarker", "lenient", "repeated"} {
		t.Run(c, func(t *testing.T) {
			dir, want, pattern := diagnosticsCase(t, c)
			upstream := upstreamOpenAPIGen(t, dir, os.DevNull, pattern)
			if len(upstream) != 1 {
				t.Fatalf("upstream wrote %d model-name files, want 1", len(upstream))
			}
			refmodtest.Diagnostics(t, dir, outputName, generate, want, true, pattern)
			if code := generate([]string{pattern}, io.Discard, io.Discard); code != 0 {
				t.Fatalf("exit %d", code)
			}
			refmodtest.Compare(t, dir, outputName, upstream)
		})
	}
}

// diagnosticsCase copies testdata/modelname/diagnostics and returns the
// copy, the golden diagnostics of case c, and its packages ("all": every
// package).
func diagnosticsCase(t *testing.T, c string) (dir, want, pattern string) {
	dir = refmodtest.CopyDir(t, "../../testdata/modelname/diagnostics")
	b, err := os.ReadFile(filepath.Join(dir, "golden", c+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	pattern = "./" + c + "/..."
	if c == "all" {
		pattern = "./..."
	}
	return dir, string(b), pattern
}

// generate runs the generator over the patterns, with --strict first if
// given, as a refmodtest.Command.
func generate(args []string, stdout, stderr io.Writer) int {
	strict := len(args) > 0 && args[0] == "--strict"
	if strict {
		args = args[1:]
	}
	gen := &modelname.Generator{OutputFile: outputName}
	return engine.Run(engine.Options{Patterns: args, Strict: strict, Stdout: stdout, Stderr: stderr}, gen.Engine())
}

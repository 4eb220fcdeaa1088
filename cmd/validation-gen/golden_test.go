package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs validation-gen on packages with bad input, in a
// copy of testdata/validation. Each run must exit 1, write nothing, and
// print exactly testdata/validation/golden/<case>.txt: every problem at
// the line of the tag or declaration it is about.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/validation")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		patterns []string
	}{
		{"maxlenint", []string{"./bad/maxlenint"}},
		{"listmapkey", []string{"./bad/listmapkey"}},
		{"unionmember", []string{"./bad/unionmember"}},
		{"ifenabled", []string{"./bad/ifenabled"}},
		{"emptyfield", []string{"./bad/emptyfield"}},
		{"customfunc", []string{"./bad/customfunc"}},
		// validation-gen's own lint rules, and a package and a type that
		// are exempt from them.
		{"lint", []string{"./lint/..."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(root, "golden", c.name+".txt")
			want, err := os.ReadFile(file)
			if err != nil && os.Getenv("APIGEN_UPDATE_GOLDEN") != "1" {
				t.Fatal(err)
			}
			args := append([]string{"--output-file", outputName}, c.patterns...)
			refmodtest.Diagnostics(t, refmodtest.CopyDir(t, root), outputName, goldenRun(t, file), string(want), false, args...)
		})
	}
}

// TestWarningsAsUpstream runs upstream's validation-gen and ours on the
// packages of testdata/validation/warn, which upstream generates from: a
// misspelt tag, and a function whose doc comment starts with a tag's name.
// Ours must write upstream's bytes and print exactly golden/<case>.txt,
// warnings only (none for the function, where upstream reads no tags).
func TestWarningsAsUpstream(t *testing.T) {
	refmodtest.CasesAsUpstream(t, "validation-gen", "../../testdata/validation", outputName, run,
		func(c string) string { return "./warn/" + c }, "unknowntag", "funcdoc")
}

// goldenRun is run, which with APIGEN_UPDATE_GOLDEN=1 also rewrites the
// golden file with what it printed, for review.
func goldenRun(t *testing.T, file string) refmodtest.Command {
	if os.Getenv("APIGEN_UPDATE_GOLDEN") != "1" {
		return run
	}
	return func(args []string, stdout, stderr io.Writer) int {
		var buf bytes.Buffer
		code := run(args, stdout, io.MultiWriter(stderr, &buf))
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return code
	}
}

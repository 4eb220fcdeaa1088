package main

import (
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestWarningsAsUpstream runs upstream's deepcopy-gen and ours on the
// packages of testdata/diagnostics that upstream generates from: unknown
// and misplaced markers, a malformed struct tag, and a function whose doc
// comment starts with a marker's name. Ours must write upstream's bytes and
// print exactly golden/<case>.txt, warnings only (none for the function).
func TestWarningsAsUpstream(t *testing.T) {
	refmodtest.CasesAsUpstream(t, "deepcopy-gen", "../../testdata/diagnostics", outputName, run,
		func(c string) string { return "./" + c }, "unknownmarker", "misplaced", "badtag", "funcdoc")
}

package main

import (
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestLiterals runs crd and object on testdata/crd/literals, whose markers
// hold nested value literals (objects, lists, lists of objects, an object
// holding a list of objects) and use the name:=value form on a package,
// on types and on fields.
func TestLiterals(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd/literals")
	if err != nil {
		t.Fatal(err)
	}
	n := compareTrees(t, func() string { return refmodtest.CopyDir(t, src) },
		"crd", "object", "paths=./...", "output:crd:dir=out/crd")
	if n != 3 {
		t.Errorf("%d files generated, want the Widget CRD and 2 deepcopy files", n)
	}
}

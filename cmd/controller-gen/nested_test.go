package main

import (
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/refmod"
)

// TestNestedModules runs the paths= forms of cluster-api's Makefile on
// testdata/crd/nested, whose api/ and tools/ are modules of their own
// below the root module with no go.work: a directory of another module is
// loaded in that module, and "./..." from the root also takes every module
// below it, as controller-tools' loader does.
func TestNestedModules(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd/nested")
	if err != nil {
		t.Fatal(err)
	}
	copy := func() string { return refmod.CopyDir(t, src) }
	t.Run("dirs", func(t *testing.T) {
		n := compareTrees(t, copy, "crd", "rbac:roleName=manager-role", "object",
			"paths=./api/...", "paths=./controllers", "output:crd:dir=config/crd", "output:rbac:dir=config/rbac")
		if n != 3 {
			t.Errorf("%d files generated, want a CRD, a role and a deepcopy file", n)
		}
	})
	t.Run("walk", func(t *testing.T) {
		n := compareTrees(t, copy, "crd", "object", "paths=./...", "output:crd:dir=config/crd")
		if n != 4 {
			t.Errorf("%d files generated, want two CRDs and two deepcopy files", n)
		}
	})
}

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
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
	copy := func() string { return refmodtest.CopyDir(t, src) }
	t.Run("dirs", func(t *testing.T) {
		n := compareTrees(t, copy, "crd", "rbac:roleName=manager-role", "object",
			"paths=./api/...", "paths=./controllers", "output:crd:dir=config/crd", "output:rbac:dir=config/rbac")
		if n != 3 {
			t.Errorf("%d files generated, want a CRD, a role and a deepcopy file", n)
		}
	})
	t.Run("list", func(t *testing.T) {
		// One paths= with a list, as kubeflow trainer's and kueue's
		// Makefiles write it (make's shell takes the quotes away).
		n := compareTrees(t, copy, "crd", "rbac:roleName=manager-role", "object",
			"paths=./api/...;./controllers", "output:crd:dir=config/crd", "output:rbac:dir=config/rbac")
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

// TestObjectForms runs the object generator on testdata/crd/objectforms:
// maps whose values are maps, slices or pointers, and instantiated generic
// types, which controller-gen spells its own way (karpenter's sets.Set
// fields, in the real-world sweep).
func TestObjectForms(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd/objectforms")
	if err != nil {
		t.Fatal(err)
	}
	if n := compareTrees(t, func() string { return refmodtest.CopyDir(t, src) }, "object", "paths=./..."); n != 1 {
		t.Errorf("%d files generated, want one deepcopy file", n)
	}
	t.Chdir(refmodtest.CopyDir(t, src))
	var stderr bytes.Buffer
	if code := run([]string{"object", "paths=./..."}, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	// Every field that copies a sets.Set[...] gets the warning, at its
	// line: those that name it, the field of type Volumes, and Volumes.
	src2, err := os.ReadFile(filepath.Join(src, "api/v1/types.go"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for i, l := range strings.Split(string(src2), "\n") {
		if strings.Contains(l, "sets.Set[") || strings.Contains(l, " Volumes") && !strings.Contains(l, "//") {
			lines = append(lines, i+1)
		}
	}
	for _, line := range lines {
		want := fmt.Sprintf("api/v1/types.go:%d:", line)
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("no warning at %s:\n%s", want, stderr.String())
		}
	}
	if n := strings.Count(stderr.String(), "controller-tools#756"); n != len(lines) || n != 7 {
		t.Errorf("%d warnings, want one per field that copies a sets.Set (6) and one for type Volumes:\n%s", n, stderr.String())
	}
}

package main

import (
	"bytes"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestShapes generates the helpers for testdata/featuregate/shapes, whose
// types reach gated fields and values through every kind of value that
// holds another (lists, arrays, maps of values and of pointers, pointers to
// lists, recursion, another package), and runs the fixture's own tests of
// what the helpers do. A --verify-only run then passes.
func TestShapes(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/featuregate/shapes")
	var stdout, stderr bytes.Buffer
	args := []string{"-C", dir, "./api"}
	if code := run(args, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	refmodtest.GoTest(t, dir)
	if code := run(append([]string{"--verify-only"}, args...), &stdout, &stderr); code != 0 {
		t.Errorf("--verify-only after generating: exit status %d:\n%s%s", code, stdout.String(), stderr.String())
	}
}

// TestExampleAlone verifies the example's helpers, which gen_helpers wrote
// in one run with deepcopy, defaulter and conversion, with featuregate-gen
// alone: the output must not depend on what else the run read (a
// dependency's package name once did).
func TestExampleAlone(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/example")
	var stdout, stderr bytes.Buffer
	args := []string{"--verify-only", "-C", dir, "--go-header-file", "hack/boilerplate.go.txt", "./apis/..."}
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Errorf("exit status %d:\n%s%s", code, stdout.String(), stderr.String())
	}
}

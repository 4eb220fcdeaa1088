package featuregate_test

import (
	"bytes"
	"io"
	"os/exec"
	"testing"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/generators/featuregate"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// featuregateGen is featuregate-gen, run in process.
func featuregateGen(args []string, stdout, stderr io.Writer) int {
	return cli.Command(args, stdout, stderr, featuregate.Spec)
}

// TestShapes generates the helpers for testdata/featuregate/shapes, whose
// types reach gated fields and values through every kind of value that
// holds another (lists, arrays, maps of values and of pointers, pointers to
// lists, recursion, another package), vets the result and runs the
// fixture's own tests of what the helpers do. A --verify-only run then
// passes. It needs no network: the fixture's module has no requirements.
func TestShapes(t *testing.T) {
	dir := refmodtest.CopyDir(t, "../../testdata/featuregate/shapes")
	var stdout, stderr bytes.Buffer
	args := []string{"-C", dir, "./api"}
	if code := featuregateGen(args, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	vet := exec.Command("go", "vet", "./...")
	vet.Dir = dir
	if out, err := vet.CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	refmodtest.GoTest(t, dir)
	if code := featuregateGen(append([]string{"--verify-only"}, args...), &stdout, &stderr); code != 0 {
		t.Errorf("--verify-only after generating: exit status %d:\n%s%s", code, stdout.String(), stderr.String())
	}
}

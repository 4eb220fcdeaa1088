package main

import (
	"bytes"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

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

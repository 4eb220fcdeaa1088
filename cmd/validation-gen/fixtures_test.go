package main

import (
	"bytes"
	"io"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestCoverageFixturesAsUpstream generates testdata/validation/coverage
// with per-Kind coverage fixtures (--test-output-root, with a file prefix
// and an allowlist) and the package coverage test that
// +k8s:validation-gen-test-targets asks for, and compares every file with
// what upstream's binary writes for the same command line.
func TestCoverageFixturesAsUpstream(t *testing.T) {
	src, err := filepath.Abs("../../testdata/validation")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	args := []string{
		"--go-header-file", "coverage/boilerplate.go.txt", "--output-file", outputName,
		"--test-output-root", "out", "--test-output-file-prefix", "zz_generated.validations.",
		"--test-allowlist", "coverage/allowlist.yaml", "./coverage/...",
	}
	refmodtest.RunUpstream(t, "validation-gen", dir, args...)
	want, _ := paritytest.Split(t, dir, generated)
	fixtures := 0
	for p := range want {
		if rel, _ := filepath.Rel(dir, p); filepath.Dir(filepath.Dir(filepath.Dir(rel))) == "out" {
			fixtures++
		}
	}
	// widget (v1, v1beta1), gadget and pod, each with a main_test.go.
	if fixtures != 7 {
		t.Errorf("upstream wrote %d fixture files, want 7", fixtures)
	}
	var stderr bytes.Buffer
	if code := run(append([]string{"-C", dir}, args...), io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	paritytest.CompareMatching(t, dir, want, generated)
}

// TestReadonlyPatternsAsUpstream names read-only packages by patterns
// that go list expands, an import path and a directory ending in "/...",
// and compares the output with upstream's binary.
func TestReadonlyPatternsAsUpstream(t *testing.T) {
	src, err := filepath.Abs("../../testdata/validation")
	if err != nil {
		t.Fatal(err)
	}
	// Subtests are named apart from their patterns: a temporary directory
	// named after a "..." would be a pattern itself.
	for name, pattern := range map[string]string{"importpath": "validation.example/readonly/ext/...", "dir": "./readonly/ext/..."} {
		t.Run(name, func(t *testing.T) {
			dir := refmodtest.CopyDir(t, src)
			args := []string{"--go-header-file", "coverage/boilerplate.go.txt", "--output-file", outputName,
				"--readonly-pkg", pattern, "./readonly/user"}
			refmodtest.RunUpstream(t, "validation-gen", dir, args...)
			want, _ := paritytest.Split(t, dir, generated)
			if len(want) != 1 {
				t.Fatalf("upstream wrote %d files, want 1", len(want))
			}
			var stderr bytes.Buffer
			if code := run(append([]string{"-C", dir}, args...), io.Discard, &stderr); code != 0 {
				t.Fatalf("exit %d:\n%s", code, stderr.String())
			}
			paritytest.CompareMatching(t, dir, want, generated)
		})
	}
}

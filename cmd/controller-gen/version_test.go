package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestVersion checks controller-gen --version: standard output is
// upstream's line, which Makefiles grep for the version they pin; apigen's
// version goes to standard error.
func TestVersion(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"--version"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if want := "Version: v0.23.0\n"; stdout.String() != want {
		t.Errorf("stdout %q, want upstream's %q", stdout.String(), want)
	}
	for _, want := range []string{"controller-gen of apigen (devel)\n", "sigs.k8s.io/controller-tools v0.23.0\n"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr %q lacks %q", stderr.String(), want)
		}
	}
}

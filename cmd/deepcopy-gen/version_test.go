package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestVersion checks deepcopy-gen --version, a flag upstream's command
// lacks: it prints apigen's version and stops before the flags are parsed,
// so it needs no other flag and appears in no help text.
func TestVersion(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"--version"}, &stdout, &stderr)
	if code != 0 || stderr.Len() != 0 {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	for _, want := range []string{"deepcopy-gen of apigen (devel)\n", "k8s.io/code-generator v0.37.2\n"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("printed %q, which lacks %q", stdout.String(), want)
		}
	}
	stdout.Reset()
	stderr.Reset()
	run([]string{"--help"}, &stdout, &stderr)
	if help := stderr.String(); !strings.Contains(help, "--output-file") || strings.Contains(help, "version") {
		t.Errorf("--help names a version flag, which upstream's has not, or is no help:\n%s", help)
	}
}

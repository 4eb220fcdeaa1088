package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestVersion checks apigen version and apigen --version: apigen's
// version, then the upstream versions it reproduces.
func TestVersion(t *testing.T) {
	for _, arg := range []string{"version", "--version"} {
		var stdout, stderr bytes.Buffer
		code := run([]string{arg}, &stdout, &stderr)
		if code != 0 || stderr.Len() != 0 {
			t.Errorf("apigen %s: exit %d, stderr %q", arg, code, stderr.String())
		}
		for _, want := range []string{"apigen (devel)\n", "k8s.io/code-generator v0.37.2\n", "k8s.io/kube-openapi v0.0.0-", "sigs.k8s.io/controller-tools v0.23.0\n"} {
			if !strings.Contains(stdout.String(), want) {
				t.Errorf("apigen %s printed %q, which lacks %q", arg, stdout.String(), want)
			}
		}
	}
}

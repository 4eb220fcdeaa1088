package main

import (
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	got, stderr := runOurs("--version")
	if got.code != 0 || stderr != "" || !strings.HasPrefix(got.stdout, "genswaggertypedocs of apigen (devel)\n") {
		t.Errorf("exit %d, stderr %q, stdout %q", got.code, stderr, got.stdout)
	}
}

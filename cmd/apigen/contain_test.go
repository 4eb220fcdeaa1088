package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestPathFlagsStayInside checks that flags which name a file in each
// package, or an import path, cannot be given a path that leads out: the
// run stops before loading, naming the flag.
func TestPathFlagsStayInside(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--deepcopy-output-file", "/tmp/zz_generated.deepcopy.go"}, "--deepcopy-output-file /tmp/zz_generated.deepcopy.go: must be a file name"},
		{[]string{"--defaulter-output-file", "../zz_generated.defaults.go"}, "--defaulter-output-file ../zz_generated.defaults.go: must be a file name"},
		{[]string{"--conversion-output-file", ".."}, "--conversion-output-file ..: must be a file name"},
		{[]string{"--lister-output-dir", "l", "--lister-output-pkg", "../../outside"}, "--lister-output-pkg ../../outside: must be a Go import path"},
		{[]string{"--client-output-dir", "c", "--client-output-pkg", "/abs/pkg", "--client-input", "g/v"}, "--client-output-pkg /abs/pkg: must be a Go import path"},
		{[]string{"--client-output-dir", "c", "--client-output-pkg", "example.com/c", "--client-input", "g/v", "--client-clientset-name", "../../escaped"}, "--client-clientset-name ../../escaped: must be a package name"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := run(append(append([]string{"generate"}, c.args...), "./..."), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestSymlinkInOutputTree makes the example's listers directory a symlink
// to a directory outside the output tree. Generating the listers would
// write through it: the run must refuse, naming the path, and leave both
// trees as they were.
func TestSymlinkInOutputTree(t *testing.T) {
	root, err := filepath.Abs("../../testdata/example")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, root)
	outside := t.TempDir()
	listers := filepath.Join(dir, "pkg/generated/listers")
	escaped := filepath.Join(outside, "listers")
	if err := os.Rename(listers, escaped); err != nil {
		t.Fatal(err)
	}
	// The copy outside is stale, so a run that follows the link writes.
	stale := filepath.Join(escaped, "frobbers/v6/frobber.go")
	if err := os.WriteFile(stale, []byte("package v6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, outsideBefore := paritytest.Snapshot(t, dir), paritytest.Snapshot(t, outside)
	if err := os.Symlink(escaped, listers); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"generate", "-C", dir, "--generators", "lister",
		"--lister-output-dir", "pkg/generated/listers", "--lister-output-pkg", "example.com/frobbers/pkg/generated/listers",
		"--go-header-file", "hack/boilerplate.go.txt", "./apis/..."}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "refusing to write "+stale) && !strings.Contains(stderr.String(), "a symlink leads it to") {
		t.Fatalf("exit %d, stderr:\n%s\nwant exit 1 and a refusal to write through the symlink", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "a symlink leads it to "+filepath.Join(escaped)) {
		t.Errorf("the refusal does not name where the symlink leads:\n%s", stderr.String())
	}
	if err := os.Remove(listers); err != nil {
		t.Fatal(err)
	}
	paritytest.Compare(t, dir, before)
	paritytest.Compare(t, outside, outsideBefore)
}

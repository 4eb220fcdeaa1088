package compat

import (
	"os"
	"path/filepath"
	"testing"
)

// The CRD fixtures are testdata/compat/crds/<case>/{old,new,ok}, marked
// as the Go fixtures are, with "# want: rule" comments in the YAML.
func TestCRDFixtures(t *testing.T) {
	const root = "../testdata/compat/crds"
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 {
		t.Fatal("no CRD fixtures")
	}
	for _, e := range entries {
		dir := filepath.Join(root, e.Name())
		t.Run(e.Name(), func(t *testing.T) {
			for _, side := range []string{"new", "ok"} {
				t.Run(side, func(t *testing.T) {
					fs, err := CompareCRDs(Revision{Dir: filepath.Join(dir, "old")}, Revision{Dir: filepath.Join(dir, side)}, []string{"./..."})
					if err != nil {
						t.Fatal(err)
					}
					want := wants(t, filepath.Join(dir, side), "new")
					if side == "new" {
						want = append(want, wants(t, filepath.Join(dir, "old"), "base")...)
					}
					checkFindings(t, fs, want)
				})
			}
		})
	}
}

func TestMainCRDs(t *testing.T) {
	dir := "../testdata/compat/crds/schema"
	code, out, stderr := run(t, "--crds", "-C", dir+"/new", "--base-dir", dir+"/old", ".")
	if code != 1 || stderr != "" {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = run(t, "--crds", "-C", dir+"/ok", "--base-dir", dir+"/old", ".")
	if code != 0 {
		t.Errorf("compatible CRDs: exit %d\n%s%s", code, out, stderr)
	}
	if code, _, stderr := run(t, "--crds", "-C", dir+"/new", "--base-dir", dir+"/old", "nosuchdir"); code != 1 || stderr == "" {
		t.Errorf("missing directory: exit %d, %q", code, stderr)
	}
}

package kubecodegen_test

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
)

// TestConcurrentScripts runs the example's update-codegen.sh from two
// shells at once over one tree with every generated file removed, and then
// gen_helpers from two shells at once after deleting the deepcopy files.
// Each shell has its own session, so two apigen servers and their clients
// write the same files at the same time. Every run must succeed, and the
// tree must end as committed.
func TestConcurrentScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example's code generation four times; skipped with -short")
	}
	dir, committed := exampleCopy(t)
	removeGenerated(t, committed)
	both(t, dir, "bash hack/update-codegen.sh")
	assertSame(t, committed, paritytest.Snapshot(t, dir))

	for p, b := range committed {
		if filepath.Base(p) == "zz_generated.deepcopy.go" && paritytest.GeneratedBy(b, "deepcopy-gen") {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	both(t, dir, helpers)
	assertSame(t, committed, paritytest.Snapshot(t, dir))
}

// both runs script in dir from two shells at once; both must succeed.
func both(t *testing.T, dir, script string) {
	t.Helper()
	var wg sync.WaitGroup
	outs, errs := make([]string, 2), make([]error, 2)
	for i := range 2 {
		wg.Go(func() { outs[i], errs[i] = bash(t, dir, script) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("shell %d of 2 running %q: %v\n%s", i+1, script, err, outs[i])
		}
	}
}

// TestTwoClonesOneSession runs the example's script in two clones of it at
// once, both told to use one session directory. A server loaded from one
// clone must not serve the other's runs: each clone must end exactly as
// committed, generated from its own files.
func TestTwoClonesOneSession(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example's code generation twice; skipped with -short")
	}
	session := filepath.Join(t.TempDir(), "session")
	if err := os.Mkdir(session, 0o700); err != nil {
		t.Fatal(err)
	}
	var dirs []string
	var committed []map[string][]byte
	for range 2 {
		dir, files := exampleCopy(t)
		removeGenerated(t, files)
		dirs, committed = append(dirs, dir), append(committed, files)
	}
	var wg sync.WaitGroup
	outs, errs := make([]string, 2), make([]error, 2)
	for i, dir := range dirs {
		wg.Go(func() {
			outs[i], errs[i] = bash(t, "/", "APIGEN_SESSION_DIR="+session+" bash "+filepath.Join(dir, "hack/update-codegen.sh"))
		})
	}
	wg.Wait()
	for i := range dirs {
		if errs[i] != nil {
			t.Fatalf("clone %d: %v\n%s", i+1, errs[i], outs[i])
		}
		assertSame(t, committed[i], paritytest.Snapshot(t, dirs[i]))
	}
}

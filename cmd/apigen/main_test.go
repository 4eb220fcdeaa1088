package main

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// shared holds directories the tests of this package share: the commands
// kube_codegen.sh builds, ours and upstream's, are built once, not once per
// script run.
var shared sharedDirs

type sharedDirs struct {
	once sync.Once
	root string
	err  error
}

// dir returns the shared directory of that name, made on first use.
func (s *sharedDirs) dir(t testing.TB, name string) string {
	t.Helper()
	s.once.Do(func() { s.root, s.err = os.MkdirTemp("", "apigen-test-shared") })
	if s.err != nil {
		t.Fatal(s.err)
	}
	d := filepath.Join(s.root, name)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.root != "" {
		os.RemoveAll(shared.root)
	}
	os.Exit(code)
}

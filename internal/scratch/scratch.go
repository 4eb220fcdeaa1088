// Package scratch gives test processes directories that outlive one test,
// such as upstream's tools built once per process, and removes them when
// the tests end.
package scratch

import (
	"os"
	"sync"
	"testing"
)

var (
	mu   sync.Mutex
	dirs []string
)

// Dir makes a new directory whose name starts with prefix, which Main
// removes.
func Dir(prefix string) (string, error) {
	dir, err := os.MkdirTemp("", prefix)
	if err == nil {
		mu.Lock()
		dirs = append(dirs, dir)
		mu.Unlock()
	}
	return dir, err
}

// Main runs m's tests, removes the directories Dir made, and exits with
// the tests' status. A package's TestMain calls it.
func Main(m *testing.M) {
	code := m.Run()
	mu.Lock()
	for _, dir := range dirs {
		os.RemoveAll(dir)
	}
	mu.Unlock()
	os.Exit(code)
}

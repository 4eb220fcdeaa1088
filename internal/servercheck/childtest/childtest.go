// Package childtest lets a test whose binary links the API server's checks
// (internal/cel) run them as apigen does: in cmd/apigen-check.
package childtest

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/apigen-dev/apigen/internal/servercheck"
)

// Build builds cmd/apigen-check into a directory of t's and returns its path.
func Build(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "apigen-check")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/apigen-dev/apigen/cmd/apigen-check")
	_, here, _, _ := runtime.Caller(0)
	cmd.Dir = filepath.Dir(here) // in apigen's module, wherever the test runs
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building cmd/apigen-check: %v\n%s", err, out)
	}
	return bin
}

// Use builds cmd/apigen-check and, until t ends, sends the checks to it
// through $APIGEN_CHECK, as from a binary that does not link them. t
// cannot be parallel.
func Use(t *testing.T) {
	t.Helper()
	t.Setenv("APIGEN_CHECK", Build(t))
	t.Cleanup(servercheck.Unlink())
}

//go:build unix

package servercheck_test

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/internal/servercheck"
)

// TestDetachedServerFreesPipe: a session server starts the checker, then
// lets go of its script's streams (engine.Detach) and runs on. The pipe
// the script's caller reads must then end, though the checker still runs.
func TestDetachedServerFreesPipe(t *testing.T) {
	if os.Getenv("SERVERCHECK_DETACH_HELPER") == "1" {
		t.Cleanup(servercheck.Unlink())
		if _, err := servercheck.CEL("T", nil, servercheck.Options{}); err != nil {
			t.Fatal(err)
		}
		fmt.Println("checker started")
		engine.Detach(0)
		time.Sleep(6 * time.Second) // serving, as a session server does
		return
	}
	// A checker that answers one request and lives on.
	checker := filepath.Join(t.TempDir(), "apigen-check")
	script := "#!/bin/sh\necho '{\"Protocol\":1}'\nread line\necho '{\"ID\":1,\"Problems\":null,\"Errors\":null}'\nexec sleep 6\n"
	if err := os.WriteFile(checker, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestDetachedServerFreesPipe$")
	cmd.Env = append(os.Environ(), "SERVERCHECK_DETACH_HELPER=1", "APIGEN_CHECK="+checker)
	cmd.Stdout, cmd.Stderr = w, w
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	out, _ := io.ReadAll(r)
	if took := time.Since(start); took > 4*time.Second {
		t.Errorf("the pipe ended after %v: the checker held it after the server let go", took)
	}
	if !strings.HasPrefix(string(out), "checker started\n") {
		t.Errorf("the server printed:\n%s", out)
	}
	cmd.Process.Kill()
	cmd.Wait()
}

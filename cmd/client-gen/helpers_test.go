package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/internal/scratch"
)

// tool names client-gen in the header of each file it writes.
const tool = "client-gen"

// ours runs our client-gen with -C dir and fails t unless it succeeds.
func ours(t *testing.T, dir string, args ...string) {
	t.Helper()
	var stderr bytes.Buffer
	if code := run(append([]string{"-C", dir}, args...), io.Discard, &stderr); code != 0 {
		t.Fatalf("client-gen exited %d:\n%s", code, stderr.String())
	}
}

var upstream struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// upstreamClientGen builds k8s.io/code-generator's client-gen v0.37.2 once
// per test binary and returns its path.
func upstreamClientGen(t *testing.T) string {
	t.Helper()
	upstream.once.Do(func() {
		dir, err := scratch.Dir("upstream-client-gen")
		if err != nil {
			upstream.err = err
			return
		}
		cmd := exec.Command("go", "install", "k8s.io/code-generator/cmd/client-gen@v0.37.2")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=", "GOWORK=off")
		upstream.out, upstream.err = cmd.CombinedOutput()
		upstream.path = filepath.Join(dir, "client-gen")
	})
	if upstream.err != nil {
		t.Fatalf("installing upstream client-gen: %v\n%s", upstream.err, upstream.out)
	}
	return upstream.path
}

func TestMain(m *testing.M) { scratch.Main(m) }

// runUpstream runs upstream's client-gen in dir.
func runUpstream(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command(upstreamClientGen(t), args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("upstream client-gen: %v\n%s", err, out)
	}
}

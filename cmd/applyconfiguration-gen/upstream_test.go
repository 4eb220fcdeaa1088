package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/internal/scratch"
)

// The upstream tools the tests compare with: code-generator v0.37.2's
// applyconfiguration-gen, and the openapi-gen of the kube-openapi it
// requires, which writes the definitions a schema is made from.
var upstreamTools = map[string]string{
	"applyconfiguration-gen": "k8s.io/code-generator/cmd/applyconfiguration-gen@v0.37.2",
	"openapi-gen":            "k8s.io/kube-openapi/cmd/openapi-gen@v0.0.0-20260721132016-d427ff9ee9ad",
}

var upstream struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

func TestMain(m *testing.M) { scratch.Main(m) }

// upstreamBinary builds the upstream tools from the module proxy, once per
// test process, and returns the path of one.
func upstreamBinary(t testing.TB, tool string) string {
	t.Helper()
	upstream.once.Do(func() {
		if upstream.dir, upstream.err = scratch.Dir("applyconfiguration-gen-upstream"); upstream.err != nil {
			return
		}
		for _, pkg := range upstreamTools {
			install := exec.Command("go", "install", pkg)
			install.Dir = upstream.dir
			install.Env = append(os.Environ(), "GOBIN="+upstream.dir, "GOFLAGS=", "GOWORK=off")
			if upstream.out, upstream.err = install.CombinedOutput(); upstream.err != nil {
				return
			}
		}
	})
	if upstream.err != nil {
		t.Fatalf("installing upstream tools: %v\n%s", upstream.err, upstream.out)
	}
	return filepath.Join(upstream.dir, tool)
}

// runUpstream runs an upstream tool in dir and returns its standard output.
func runUpstream(t testing.TB, tool, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(upstreamBinary(t, tool), args...)
	cmd.Dir = dir
	var stderr []byte
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = ee.Stderr
	}
	if err != nil {
		t.Fatalf("upstream %s: %v\n%s", tool, err, stderr)
	}
	return out
}

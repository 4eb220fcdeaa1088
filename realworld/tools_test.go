package realworld

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/internal/scratch"
	"github.com/apigen-dev/apigen/internal/upstream"
)

// toolNames are the tools a step may name.
var toolNames = []string{
	"controller-gen", "openapi-gen",
	"applyconfiguration-gen", "client-gen", "conversion-gen", "deepcopy-gen", "defaulter-gen",
	"informer-gen", "lister-gen", "prerelease-lifecycle-gen", "register-gen", "validation-gen",
}

// toolbox is one side's tools: a directory of binaries named as the
// tools are, and the CODEGEN_PKG its kube_codegen.sh comes from.
type toolbox struct {
	name       string // "upstream" or "apigen"
	bin        string
	codegenPkg string
	env        []string // more environment for this side
}

func (b toolbox) tool(name string) string { return filepath.Join(b.bin, name) }

var (
	toolsOnce            sync.Once
	upstreamBox, ourBox  toolbox
	noopDir, toolsFailed string
)

func TestMain(m *testing.M) { scratch.Main(m) }

// toolboxes builds both sides' tools once per test process: upstream's
// from the module proxy, ours from this repository.
func toolboxes(t testing.TB) (toolbox, toolbox, string) {
	t.Helper()
	toolsOnce.Do(func() {
		root, err := scratch.Dir("realworld-tools")
		if err != nil {
			toolsFailed = err.Error()
			return
		}
		upstreamBox = toolbox{name: "upstream", bin: filepath.Join(root, "upstream")}
		ourBox = toolbox{name: "apigen", bin: filepath.Join(root, "apigen"),
			env: []string{"APIGEN_CACHE=" + filepath.Join(root, "apigen-cache")}}
		noopDir = filepath.Join(root, "noop")
		if err := buildTools(upstreamBox.bin, ourBox.bin, noopDir); err != nil {
			toolsFailed = err.Error()
			return
		}
		if upstreamBox.codegenPkg, err = upstream.ModuleDir(upstream.CodeGenerator); err != nil {
			toolsFailed = err.Error()
		}
		ourBox.codegenPkg, _ = filepath.Abs("..")
	})
	if toolsFailed != "" {
		t.Fatal(toolsFailed)
	}
	return upstreamBox, ourBox, filepath.Join(noopDir, "noop")
}

// buildTools installs upstream's tools into up, builds ours into ours, and
// writes a command that does nothing into noop.
func buildTools(up, ours, noop string) error {
	if err := upstream.Install(up, toolNames...); err != nil {
		return err
	}
	if err := upstream.BuildOurs("..", ours); err != nil {
		return err
	}
	if err := os.MkdirAll(noop, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(noop, "noop"), []byte("#!/bin/sh\nexit 0\n"), 0o755)
}

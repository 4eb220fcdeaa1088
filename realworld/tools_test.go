package realworld

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// The upstream versions apigen reproduces.
const (
	controllerTools = "sigs.k8s.io/controller-tools@v0.23.0"
	codeGenerator   = "k8s.io/code-generator@v0.37.2"
	kubeOpenAPI     = "k8s.io/kube-openapi@v0.0.0-20260721132016-d427ff9ee9ad"
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

// toolboxes builds both sides' tools once per test process: upstream's
// from the module proxy, ours from this repository.
func toolboxes(t *testing.T) (toolbox, toolbox, string) {
	t.Helper()
	toolsOnce.Do(func() {
		root, err := os.MkdirTemp("", "realworld-tools")
		if err != nil {
			toolsFailed = err.Error()
			return
		}
		upstreamBox = toolbox{name: "upstream", bin: filepath.Join(root, "upstream")}
		ourBox = toolbox{name: "apigen", bin: filepath.Join(root, "apigen"),
			env: []string{"APIGEN_CACHE=" + filepath.Join(root, "apigen-cache")}}
		noopDir = filepath.Join(root, "noop")
		if toolsFailed = buildTools(upstreamBox.bin, ourBox.bin, noopDir); toolsFailed != "" {
			return
		}
		upstreamBox.codegenPkg, toolsFailed = moduleDir(codeGenerator)
		ourBox.codegenPkg, _ = filepath.Abs("..")
	})
	if toolsFailed != "" {
		t.Fatal(toolsFailed)
	}
	return upstreamBox, ourBox, filepath.Join(noopDir, "noop")
}

// buildTools installs upstream's tools into up, builds ours into ours, and
// writes a command that does nothing into noop; it returns what failed.
func buildTools(up, ours, noop string) string {
	var codegen []string
	for _, n := range toolNames[2:] {
		codegen = append(codegen, "k8s.io/code-generator/cmd/"+n+"@v0.37.2")
	}
	for _, args := range [][]string{
		{"install", "sigs.k8s.io/controller-tools/cmd/controller-gen@v0.23.0"},
		{"install", "k8s.io/kube-openapi/cmd/openapi-gen@v0.0.0-20260721132016-d427ff9ee9ad"},
		append([]string{"install"}, codegen...),
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = os.TempDir()
		cmd.Env = append(os.Environ(), "GOBIN="+up, "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "go " + args[0] + " " + args[1] + ": " + err.Error() + "\n" + string(out)
		}
	}
	cmd := exec.Command("go", "build", "-o", ours+"/", "./cmd/...")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		return "building apigen's commands: " + err.Error() + "\n" + string(out)
	}
	if err := os.MkdirAll(noop, 0o755); err != nil {
		return err.Error()
	}
	if err := os.WriteFile(filepath.Join(noop, "noop"), []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		return err.Error()
	}
	return ""
}

// moduleDir downloads module@version and returns its directory in the
// module cache, or what failed.
func moduleDir(module string) (string, string) {
	out, err := exec.Command("go", "mod", "download", "-json", module).Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); info.Dir == "" {
		return "", "go mod download " + module + ": " + info.Error + " " + errText(err, jerr)
	}
	return info.Dir, ""
}

func errText(errs ...error) string {
	s := ""
	for _, e := range errs {
		if e != nil {
			s += e.Error() + " "
		}
	}
	return s
}

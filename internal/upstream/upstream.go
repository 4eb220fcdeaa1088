// Package upstream builds the tools apigen reproduces, at the versions it
// reproduces, from the Go module proxy, and apigen's own commands from
// this repository: what the tests that compare the two (the real-world
// sweep, the differential tests) run.
package upstream

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The upstream versions apigen reproduces.
const (
	ControllerTools = "sigs.k8s.io/controller-tools@v0.23.0"
	CodeGenerator   = "k8s.io/code-generator@v0.37.2"
	KubeOpenAPI     = "k8s.io/kube-openapi@v0.0.0-20260721132016-d427ff9ee9ad"
)

// CodeGeneratorTools are the commands of k8s.io/code-generator.
var CodeGeneratorTools = []string{
	"applyconfiguration-gen", "client-gen", "conversion-gen", "deepcopy-gen", "defaulter-gen",
	"informer-gen", "lister-gen", "prerelease-lifecycle-gen", "register-gen", "validation-gen",
	"go-to-protobuf",
}

// Tools are every tool Install knows.
var Tools = append([]string{"controller-gen", "openapi-gen"}, CodeGeneratorTools...)

// pkg is the versioned package that builds tool.
func pkg(tool string) (string, error) {
	switch tool {
	case "controller-gen":
		return withVersion(ControllerTools, "/cmd/controller-gen"), nil
	case "openapi-gen":
		return withVersion(KubeOpenAPI, "/cmd/openapi-gen"), nil
	}
	for _, t := range CodeGeneratorTools {
		if t == tool {
			return withVersion(CodeGenerator, "/cmd/"+tool), nil
		}
	}
	return "", fmt.Errorf("no upstream tool %q", tool)
}

func withVersion(moduleAtVersion, sub string) string {
	mod, version, _ := strings.Cut(moduleAtVersion, "@")
	return mod + sub + "@" + version
}

// Install builds upstream's tools into the directory gobin, one go install
// per module.
func Install(gobin string, tools ...string) error {
	byModule := map[string][]string{}
	var order []string
	for _, t := range tools {
		p, err := pkg(t)
		if err != nil {
			return err
		}
		version := p[strings.LastIndexByte(p, '@'):]
		mod := strings.SplitN(p, "/cmd/", 2)[0] + version
		if byModule[mod] == nil {
			order = append(order, mod)
		}
		byModule[mod] = append(byModule[mod], p)
	}
	for _, mod := range order {
		cmd := exec.Command("go", append([]string{"install"}, byModule[mod]...)...)
		cmd.Dir = os.TempDir()
		cmd.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=", "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("go install %s: %v\n%s", strings.Join(byModule[mod], " "), err, out)
		}
	}
	return nil
}

// BuildOurs builds apigen's commands named tools (every command when none
// is named) from the repository at root into the directory bin.
func BuildOurs(root, bin string, tools ...string) error {
	pkgs := []string{"./cmd/..."}
	if len(tools) > 0 {
		pkgs = nil
		for _, t := range tools {
			pkgs = append(pkgs, "./cmd/"+t)
		}
	}
	cmd := exec.Command("go", append([]string{"build", "-o", bin + string(filepath.Separator)}, pkgs...)...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building apigen's %v: %v\n%s", pkgs, err, out)
	}
	return nil
}

// ModuleDir downloads module@version through the module proxy and returns
// its directory in the module cache.
func ModuleDir(module string) (string, error) {
	out, err := exec.Command("go", "mod", "download", "-json", module).Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %s %v %v", module, info.Error, err, jerr)
	}
	return info.Dir, nil
}

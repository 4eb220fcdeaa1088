package modelname_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/modelname"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/output"
)

// kubeOpenAPI is the kube-openapi that k8s.io/code-generator v0.37.2
// requires, whose openapi-gen wrote the shipped model-name files.
const kubeOpenAPI = "k8s.io/kube-openapi/cmd/openapi-gen@v0.0.0-20260721132016-d427ff9ee9ad"

// upstreamOpenAPIGen builds upstream's openapi-gen from the module proxy,
// runs it in dir over patterns with --output-model-name-file, and returns
// the model-name files it wrote below dir, removing them. The OpenAPI
// definitions it also writes go to a scratch directory.
func upstreamOpenAPIGen(t *testing.T, dir, header string, patterns ...string) map[string][]byte {
	t.Helper()
	gobin := t.TempDir()
	install := exec.Command("go", "install", kubeOpenAPI)
	install.Dir = gobin
	install.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=", "GOWORK=off")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("installing upstream openapi-gen: %v\n%s", err, out)
	}
	args := []string{"--go-header-file", header, "--output-file", "zz_generated.openapi.go",
		"--output-dir", t.TempDir(), "--output-pkg", "example.invalid/openapi",
		"--output-model-name-file", outputName, "--report-filename", os.DevNull}
	gen := exec.Command(filepath.Join(gobin, "openapi-gen"), append(args, patterns...)...)
	gen.Dir = dir
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("upstream openapi-gen: %v\n%s", err, out)
	}
	return refmodtest.Take(t, dir, outputName)
}

// TestParityUpstreamBehaviour compares with upstream's binary on
// testdata/modelname/behaviour: type markers overriding the package's,
// markers in detached blocks and outside doc.go, unexported, non-struct,
// generic and alias types (a type marker on those is a warning), and
// packages that get no file.
func TestParityUpstreamBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("builds upstream's tool from the module proxy")
	}
	dir := refmodtest.CopyDir(t, "../../testdata/modelname/behaviour")
	headerFile := filepath.Join(dir, "hack/boilerplate.go.txt")
	want := upstreamOpenAPIGen(t, dir, headerFile, "./...")
	if len(want) != 3 {
		t.Fatalf("upstream wrote %d model-name files, expected 3 (tagged, typeonly, afterclause)", len(want))
	}
	header, err := output.ReadHeader(headerFile)
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	gen := &modelname.Generator{OutputFile: outputName, Header: header}
	if code := engine.Run(engine.Options{Dir: dir, Patterns: []string{"./..."}, Stdout: &stderr, Stderr: &stderr}, gen.Engine()); code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	// Other's marker has no effect, upstream or here: a warning only.
	warning := filepath.Join(dir, "nostructs/types.go") + ":8:1: warning: +k8s:openapi-model-package on type Other has no effect"
	if !strings.HasPrefix(stderr.String(), warning) {
		t.Errorf("stderr:\n%s\nwant the warning %q", stderr.String(), warning)
	}
	refmodtest.Compare(t, dir, outputName, want)
}

package openapijson_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/generators/openapijson"
	"github.com/apigen-dev/apigen/internal/goldentest"
)

// deps are the packages outside the input whose definitions the input's
// refer to: the document must define every schema it refers to.
const modelNames = "zz_generated.model_name.go"

var deps = []string{"k8s.io/apimachinery/pkg/apis/meta/v1", "k8s.io/apimachinery/pkg/runtime"}

// TestGolden's golden is the document kube-openapi's builder3 builds over
// the definitions upstream openapi-gen generates for the same packages
// (testdata/kubeopenapi): openapi-json has no upstream command of its own.
// The input's package has a model package, so that its types' names are
// the same in apigen (which reverses a Go path's domain) and in the API
// server (which keeps it).
func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Args:  append([]string{"--go-header-file", goldentest.Header, "--output-file", "{dir}/openapi.json", "./{dir}/..."}, deps...),
		Upstream: func(t *testing.T, root, rel string) {
			prog := filepath.Join(root, "kubeopenapi")
			if err := os.CopyFS(prog, os.DirFS("testdata/kubeopenapi")); err != nil {
				t.Fatal(err)
			}
			goldentest.RunTool(t, root, "openapi-gen", append([]string{"--go-header-file", goldentest.Header,
				"--output-dir", "kubeopenapi/defs", "--output-pkg", goldentest.Module + "/kubeopenapi/defs",
				"--output-file", "zz_generated.openapi.go", "--output-model-name-file", modelNames,
				"--report-filename", os.DevNull, "./" + rel + "/..."}, deps...)...)
			cmd := exec.Command("go", "run", "./kubeopenapi")
			cmd.Dir = root
			cmd.Env = goldentest.UpstreamEnv(t) // openapi-gen's private module cache is another
			cmd.Stderr = os.Stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("go run ./kubeopenapi: %v", err)
			}
			// The model name file is model-name's output, not this case's.
			if err := os.Remove(filepath.Join(root, rel, "example/v1", modelNames)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, rel, "openapi.json"), out, 0o644); err != nil {
				t.Fatal(err)
			}
		},
		Ours: goldentest.Spec(openapijson.Spec),
	})
}

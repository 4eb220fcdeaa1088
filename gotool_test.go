package apigen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// toolModule is a project that pins apigen with Go's tool directive and
// generates through go:generate, as docs/reference.md shows.
var toolModule = map[string]string{
	"go.mod": `module example.com/tooldemo

go 1.26

require k8s.io/apimachinery v0.37.2
`,
	"hack/boilerplate.go.txt": "/*\nCopyright The Tooldemo Authors.\n*/\n\n",
	"generate.go": `// Package tooldemo generates its API code with apigen.
package tooldemo

//go:generate go tool apigen generate --go-header-file hack/boilerplate.go.txt ./apis/...
`,
	"apis/widgets/doc.go": `// +k8s:deepcopy-gen=package

// Package widgets is the internal version of the API.
package widgets
`,
	"apis/widgets/types.go": `package widgets

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Size  int32
	Color string
}
`,
	"apis/widgets/v1/doc.go": `// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=example.com/tooldemo/apis/widgets
// +k8s:defaulter-gen=TypeMeta

// Package v1 is version v1 of the API.
package v1
`,
	"apis/widgets/v1/types.go": `package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type Widget struct {
	metav1.TypeMeta   ` + "`json:\",inline\"`" + `
	metav1.ObjectMeta ` + "`json:\"metadata,omitempty\"`" + `
	Size              *int32 ` + "`json:\"size,omitempty\"`" + `
	Color             string ` + "`json:\"color\"`" + `
}
`,
	"apis/widgets/v1/register.go": `package v1

import "k8s.io/apimachinery/pkg/runtime"

var (
	SchemeBuilder      runtime.SchemeBuilder
	localSchemeBuilder = &SchemeBuilder
	AddToScheme        = localSchemeBuilder.AddToScheme
)

func init() { localSchemeBuilder.Register(RegisterDefaults) }
`,
	"apis/widgets/v1/defaults.go": `package v1

func SetDefaults_Widget(w *Widget) {
	if w.Size == nil {
		three := int32(3)
		w.Size = &three
	}
}
`,
}

// TestGoTool pins apigen in a new module with the tool directive, through
// a replace to this checkout (the module is on no proxy), generates with
// go generate, and verifies with go tool apigen.
func TestGoTool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds apigen as a module's tool; skipped with -short")
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, text := range toolModule {
		copyFile(t, filepath.Join(dir, name), []byte(text))
	}
	goIn(t, dir, "mod", "edit", "-require", "github.com/apigen-dev/apigen@v0.0.0", "-replace", "github.com/apigen-dev/apigen="+root,
		"-tool", "github.com/apigen-dev/apigen/cmd/apigen")
	goIn(t, dir, "mod", "tidy")
	goIn(t, dir, "generate", "./...")
	// Each file, with the function that shows its generator did its work.
	for f, fn := range map[string]string{
		"apis/widgets/zz_generated.deepcopy.go":      "func (in *Widget) DeepCopyObject() runtime.Object",
		"apis/widgets/v1/zz_generated.deepcopy.go":   "func (in *Widget) DeepCopyObject() runtime.Object",
		"apis/widgets/v1/zz_generated.defaults.go":   "SetDefaults_Widget(in)",
		"apis/widgets/v1/zz_generated.conversion.go": "func Convert_v1_Widget_To_widgets_Widget(",
	} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		switch {
		case err != nil:
			t.Errorf("go generate did not write %s: %v", f, err)
		case !strings.Contains(string(b), "Copyright The Tooldemo Authors."):
			t.Errorf("%s lacks the boilerplate header:\n%s", f, b)
		case !strings.Contains(string(b), fn):
			t.Errorf("%s lacks %q:\n%s", f, fn, b)
		}
	}
	goIn(t, dir, "vet", "./...")
	goIn(t, dir, "tool", "apigen", "generate", "--verify-only", "--go-header-file", "hack/boilerplate.go.txt", "./apis/...")
}

func goIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

package paritytest

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// ProtobufModules are the modules whose packages Kubernetes v1.37.2
// generates protobuf for: 80 packages, 73 of them marked
// +k8s:protobuf-gen=package and 7 of apimachinery's by default.
var ProtobufModules = []string{"api", "apimachinery", "apiextensions-apiserver", "kube-aggregator", "metrics", "apiserver"}

// ProtobufWorkspace is a go.work over writable copies of ProtobufModules
// at v0.37.2, their generated protobuf files taken out, as Kubernetes'
// update-codegen.sh deletes them before it runs go-to-protobuf.
type ProtobufWorkspace struct {
	Root     string            // holds go.work and one directory per module
	Dirs     []string          // the modules' directories
	Shipped  map[string][]byte // the files taken out, by path
	Packages []string          // what Kubernetes passes as --packages
	Header   string            // Kubernetes' boilerplate for generated files
}

// NewProtobufWorkspace makes the workspace, taking out the files of the
// given names (generated.proto, generated.pb.go).
func NewProtobufWorkspace(t testing.TB, names ...string) *ProtobufWorkspace {
	t.Helper()
	ws := &ProtobufWorkspace{Root: t.TempDir(), Shipped: map[string][]byte{}}
	for _, m := range ProtobufModules {
		dir := filepath.Join(ws.Root, m)
		if err := os.CopyFS(dir, os.DirFS(refmodtest.Download(t, "k8s.io/"+m+"@v0.37.2"))); err != nil {
			t.Fatal(err)
		}
		ws.Dirs = append(ws.Dirs, dir)
		ws.Packages = append(ws.Packages, taggedPackages(t, "k8s.io/"+m, dir)...)
		for _, name := range names {
			for p, b := range refmodtest.Take(t, dir, name) {
				ws.Shipped[p] = b
			}
		}
	}
	slices.Sort(ws.Packages)
	ws.Run(t, ws.Root, "go", append([]string{"work", "init"}, ProtobufModules...)...)
	ws.Header = filepath.Join(refmodtest.Download(t, "k8s.io/kubernetes@v1.37.2"), "hack/boilerplate/boilerplate.generatego.txt")
	return ws
}

// taggedPackages lists, as import paths, the directories of module (at
// dir) with a file that says "// +k8s:protobuf-gen=package": what
// Kubernetes' update-codegen.sh greps for. Making the copy writable on the
// way.
func taggedPackages(t testing.TB, module, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.Chmod(p, 0o755)
		}
		if err := os.Chmod(p, 0o644); err != nil || !strings.HasSuffix(p, ".go") {
			return err
		}
		data, err := os.ReadFile(p)
		if err == nil && bytes.Contains(data, []byte("// +k8s:protobuf-gen=package")) {
			rel, _ := filepath.Rel(dir, filepath.Dir(p))
			out = append(out, module+"/"+filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Run runs a command in dir within the workspace and returns its output.
func (ws *ProtobufWorkspace) Run(t testing.TB, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	work := filepath.Join(ws.Root, "go.work")
	if _, err := os.Stat(work); err != nil {
		work = "off"
	}
	cmd.Env = append(os.Environ(), "GOWORK="+work, "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// Package kubecodegen_test tests kube_codegen.sh on the bundled example, as
// a project's hack/update-codegen.sh uses it.
package kubecodegen_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/internal/scratch"
)

// shared holds directories every test of this package shares, so that the
// commands kube_codegen.sh builds, ours and upstream's, are built once.
var shared string

func TestMain(m *testing.M) {
	dir, err := scratch.Dir("apigen-kubecodegen-test")
	if err != nil {
		panic(err)
	}
	shared = dir
	scratch.Main(m)
}

// sharedDir returns the shared directory of that name, made on first use.
func sharedDir(t testing.TB, name string) string {
	t.Helper()
	d := filepath.Join(shared, name)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	return d
}

// repoRoot is this repository's root: CODEGEN_PKG for the example.
func repoRoot(t *testing.T) string {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// exampleTools are the tools whose files the example's script writes.
var exampleTools = []string{"protoc-gen-gogo", "deepcopy-gen", "validation-gen", "conversion-gen", "defaulter-gen", "applyconfiguration-gen", "client-gen", "lister-gen", "informer-gen"}

// exampleCopy copies the example into a temporary directory and returns
// the copy and its files as committed.
func exampleCopy(t *testing.T) (string, map[string][]byte) {
	t.Helper()
	dir := refmodtest.CopyDir(t, filepath.Join(repoRoot(t), "testdata/example"))
	return dir, paritytest.Snapshot(t, dir)
}

// removeGenerated deletes every generated file of the example copy.
func removeGenerated(t *testing.T, files map[string][]byte) {
	t.Helper()
	n := 0
	for p, b := range files {
		crd := filepath.Ext(p) == ".yaml" && bytes.Contains(b, []byte("controller-gen.kubebuilder.io/version:"))
		if crd || filepath.Base(p) == "generated.proto" || slices.ContainsFunc(exampleTools, func(tool string) bool { return paritytest.GeneratedBy(b, tool) }) {
			if err := os.Remove(p); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	if n < 40 {
		t.Fatalf("found only %d generated files in the example", n)
	}
}

// bash runs script with bash in dir, with CODEGEN_PKG set to this
// repository, and returns its combined output and error.
func bash(t *testing.T, dir, script string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CODEGEN_PKG="+repoRoot(t), "APIGEN_CACHE="+sharedDir(t, "apigen-cache"))
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestExampleFromAnyDirectory runs the example's update-codegen.sh from
// three working directories: the file system root, this repository's root
// (another module) and the example's own root. Each run starts with every
// generated file removed and must write back the committed files exactly.
func TestExampleFromAnyDirectory(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example's code generation three times; skipped with -short")
	}
	for _, where := range []string{"/", "repository root", "example root"} {
		t.Run(where, func(t *testing.T) {
			dir, committed := exampleCopy(t)
			removeGenerated(t, committed)
			cwd := map[string]string{"/": "/", "repository root": repoRoot(t), "example root": dir}[where]
			if out, err := bash(t, cwd, "bash "+filepath.Join(dir, "hack/update-codegen.sh")); err != nil {
				t.Fatalf("update-codegen.sh from %s: %v\n%s", cwd, err, out)
			}
			assertSame(t, committed, paritytest.Snapshot(t, dir))
		})
	}
}

const (
	helpers = `source "${CODEGEN_PKG}/kube_codegen.sh"
kube::codegen::gen_helpers --boilerplate hack/boilerplate.go.txt apis`
	clients = `source "${CODEGEN_PKG}/kube_codegen.sh"
kube::codegen::gen_client --with-watch --with-applyconfig --output-dir pkg/generated \
    --output-pkg example.com/frobbers/pkg/generated --boilerplate hack/boilerplate.go.txt apis`
)

// TestFailureKeepsFiles puts a malformed marker into the example and runs
// gen_helpers, and then a misspelt client marker and runs gen_client. Each
// fails with the marker's file:line and changes no file. With the marker
// fixed and a type no longer asking for a client, the next run removes
// exactly the files that are no longer generated: the tree equals one
// generated from nothing.
func TestFailureKeepsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example's code generation; skipped with -short")
	}
	dir, committed := exampleCopy(t)
	types := filepath.Join(dir, "apis/frobbers/v6/types.go")
	original := committed[types]

	cases := []struct{ script, marker, edit string }{
		{helpers, "+k8s:deepcopy-gen", "// +k8s:deepcopy-gen=maybe\n"},
		// A misspelt +genclient tag on a type: upstream's client tools stop
		// on it too ("unknown tag detected"), where an unknown verb they pass over.
		{clients, "+genclient:onlyVerb", "// +genclient:onlyVerb=get\n"},
	}
	for _, c := range cases {
		edited, line := insertAbove(t, original, "type Frobber struct", c.edit)
		write(t, types, edited)
		out, err := bash(t, dir, c.script)
		if code := exitCode(err); code != 1 {
			t.Errorf("%s with %s: exit %d, want 1\n%s", c.script, c.marker, code, out)
		}
		at := regexp.MustCompile(`(?m)apis/frobbers/v6/types\.go:` + strconv.Itoa(line) + `:\d+: .*` + regexp.QuoteMeta(c.marker))
		if !at.MatchString(out) {
			t.Errorf("the failure does not name %s at types.go:%d:\n%s", c.marker, line, out)
		}
		after := paritytest.Snapshot(t, dir)
		after[types] = original
		assertSame(t, committed, after)
	}

	// The marker fixed, v7beta1's Frobber asks for no client any more.
	write(t, types, original)
	v7 := filepath.Join(dir, "apis/frobbers/v7beta1/types.go")
	write(t, v7, bytes.Replace(committed[v7], []byte("// +genclient\n"), nil, 1))
	if out, err := bash(t, dir, "bash hack/update-codegen.sh"); err != nil {
		t.Fatalf("the run after the fix: %v\n%s", err, out)
	}
	got := paritytest.Snapshot(t, dir)

	// The oracle: the same inputs, generated from nothing.
	fresh, freshCommitted := exampleCopy(t)
	removeGenerated(t, freshCommitted)
	write(t, filepath.Join(fresh, "apis/frobbers/v7beta1/types.go"), bytes.Replace(committed[v7], []byte("// +genclient\n"), nil, 1))
	if out, err := bash(t, fresh, "bash hack/update-codegen.sh"); err != nil {
		t.Fatalf("generating from nothing: %v\n%s", err, out)
	}
	want := map[string][]byte{}
	for p, b := range paritytest.Snapshot(t, fresh) {
		want[filepath.Join(dir, strings.TrimPrefix(p, fresh))] = b
	}
	assertSame(t, want, got)
	var removed []string
	for p := range committed {
		if _, ok := got[p]; !ok {
			removed = append(removed, strings.TrimPrefix(p, dir+"/"))
		}
	}
	if !slices.Contains(removed, "pkg/generated/clientset/versioned/typed/frobbers/v7beta1/frobber.go") || len(removed) < 10 {
		t.Errorf("the run removed %d files: %v", len(removed), removed)
	}
	t.Logf("the run after the fix removed %d files, as generating from nothing leaves out", len(removed))
}

// insertAbove inserts text above the first line that starts with anchor
// and returns the new source and the inserted line's number.
func insertAbove(t *testing.T, src []byte, anchor, text string) ([]byte, int) {
	t.Helper()
	i := bytes.Index(src, []byte("\n"+anchor))
	if i < 0 {
		t.Fatalf("no line starts with %q", anchor)
	}
	line := bytes.Count(src[:i+1], []byte("\n")) + 1
	out := slices.Concat(src[:i+1], []byte(text), src[i+1:])
	return out, line
}

func exitCode(err error) int {
	if e, ok := err.(*exec.ExitError); ok {
		return e.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// TestProtobufClientset generates the example's clientset with
// --prefers-protobuf, as a project whose server speaks protobuf does, and
// runs testdata/protobufclient against it: the client's requests and
// answers go through the example's generated protobuf code.
func TestProtobufClientset(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and tests a clientset; skipped with -short")
	}
	dir, _ := exampleCopy(t)
	script := `source "${CODEGEN_PKG}/kube_codegen.sh"
kube::codegen::gen_client --prefers-protobuf --output-dir pkg/generated \
    --output-pkg example.com/frobbers/pkg/generated --boilerplate hack/boilerplate.go.txt apis`
	if out, err := bash(t, dir, script); err != nil {
		t.Fatalf("gen_client --prefers-protobuf: %v\n%s", err, out)
	}
	test, err := os.ReadFile("testdata/protobufclient/protobuf_client_test.go")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "pkg/generated/protobuf_client_test.go"), test)
	cmd := exec.Command("go", "test", "-count=1", "-run", "TestProtobufClientset", "./pkg/generated/")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test: %v\n%s", err, out)
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

const outputName = "zz_generated.prerelease-lifecycle.go"

// TestParityKubernetesAPI regenerates every shipped file of k8s.io/api with
// ./...: upstream, given ./..., writes exactly the files k8s.io/api ships,
// one for each package marked +k8s:prerelease-lifecycle-gen=true.
func TestParityKubernetesAPI(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	header := refmodtest.Lines(t, filepath.Join(dir, "core/v1/zz_generated.deepcopy.go"), 4, 18)
	shipped := refmodtest.Regenerate(t, dir, outputName, run, "--go-header-file", header, "--output-file", outputName, "./...")
	if len(shipped) != 55 {
		t.Fatalf("k8s.io/api ships %d prerelease-lifecycle files, expected 55", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

func TestParitySampleAPIServer(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	const p = "k8s.io/sample-apiserver/pkg/apis/wardle"
	shipped := refmodtest.Regenerate(t, dir, outputName, run, "--go-header-file", "hack/boilerplate.go.txt", "--output-file", outputName,
		p, p+"/v1alpha1", p+"/v1beta1")
	if len(shipped) != 1 {
		t.Fatalf("sample-apiserver ships %d prerelease-lifecycle files, expected 1", len(shipped))
	}
	refmodtest.Compare(t, dir, outputName, shipped)
}

func TestVerifyOnly(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	t.Chdir(dir)
	verify := func() (int, string) {
		var stdout, stderr bytes.Buffer
		code := run([]string{"--go-header-file", "hack/boilerplate.go.txt", "--output-file", outputName, "--verify-only", "./pkg/apis/..."}, &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}
	if code, out := verify(); code != 0 {
		t.Fatalf("--verify-only on pristine sample-apiserver exited %d:\n%s", code, out)
	}
	file := filepath.Join(dir, "pkg/apis/wardle/v1alpha1", outputName)
	b, _ := os.ReadFile(file)
	edited := bytes.Replace(b, []byte("return 1, 10"), []byte("return 1, 11"), 1)
	if bytes.Equal(edited, b) {
		t.Fatalf("%s no longer says Fischer is removed in 1.10; update the test", file)
	}
	if err := os.WriteFile(file, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out := verify()
	if code != 1 {
		t.Errorf("--verify-only after an edit exited %d, want 1", code)
	}
	for _, want := range []string{"stale: " + file, "-\treturn 1, 11", "+\treturn 1, 10"} {
		if !strings.Contains(out, want) {
			t.Errorf("--verify-only output lacks %q:\n%s", want, out)
		}
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(after, edited) {
		t.Errorf("--verify-only rewrote %s", file)
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestVerifyOnly checks --verify-only on sample-apiserver's clientset: clean
// as shipped; after an edit, a deletion and a leftover client of a type that
// no longer has +genclient, it names all three, exits 1 and writes nothing.
func TestVerifyOnly(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	apis, err := filepath.EvalSymlinks(filepath.Join(dir, "pkg/apis"))
	if err != nil {
		t.Fatal(err)
	}
	verify := func() (int, string) {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-C", dir, "--verify-only", "--go-header-file", "hack/boilerplate.go.txt",
			"--output-dir", "pkg/generated/clientset", "--output-pkg", "k8s.io/sample-apiserver/pkg/generated/clientset",
			"--clientset-name", "versioned", "--apply-configuration-package", "k8s.io/sample-apiserver/pkg/generated/applyconfiguration",
			"--input-base", apis, "--input", "wardle/v1alpha1", "--input", "wardle/v1beta1"}, &stdout, &stderr)
		return code, stdout.String() + stderr.String()
	}
	if code, out := verify(); code != 0 {
		t.Fatalf("--verify-only on the shipped clientset exited %d:\n%s", code, out)
	}

	typed := filepath.Join(dir, "pkg/generated/clientset/versioned/typed/wardle/v1alpha1")
	edited := filepath.Join(typed, "flunder.go")
	deleted := filepath.Join(typed, "fake/fake_fischer.go")
	leftover := filepath.Join(typed, "gadget.go")
	b, err := os.ReadFile(edited)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.Replace(b, []byte(`"flunders",`), []byte(`"flunderz",`), 1)
	gadget := bytes.ReplaceAll(b, []byte("Flunder"), []byte("Gadget"))
	for _, err := range []error{os.WriteFile(edited, b, 0o644), os.Remove(deleted), os.WriteFile(leftover, gadget, 0o644)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	code, out := verify()
	if code != 1 {
		t.Errorf("--verify-only after edits exited %d, want 1", code)
	}
	for _, want := range []string{"stale: " + edited, `-			"flunderz",`, `+			"flunders",`, "missing: " + deleted, "extra: " + leftover} {
		if !strings.Contains(out, want) {
			t.Errorf("--verify-only output lacks %q:\n%s", want, out)
		}
	}
	if after, _ := os.ReadFile(edited); !bytes.Equal(after, b) {
		t.Errorf("--verify-only rewrote %s", edited)
	}
	if _, err := os.Stat(deleted); err == nil {
		t.Errorf("--verify-only recreated %s", deleted)
	}
}

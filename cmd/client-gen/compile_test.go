package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestGeneratedClientWorks generates a clientset for testdata/client/compile
// inside a copy of sample-apiserver, which has client-go among its
// dependencies, and runs a test against it: the code must compile, make the
// requests its markers ask for, and its fake must serve objects.
func TestGeneratedClientWorks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds client-go")
	}
	dir := refmodtest.Copy(t, "k8s.io/sample-apiserver@v0.37.2")
	if err := os.CopyFS(filepath.Join(dir, "pkg/apis/things"), os.DirFS("../../testdata/client/compile/apis/things")); err != nil {
		t.Fatal(err)
	}
	ours(t, dir, "--go-header-file", "hack/boilerplate.go.txt", "--output-dir", "pkg/thingsclient",
		"--output-pkg", "k8s.io/sample-apiserver/pkg/thingsclient", "--clientset-name", "versioned",
		"--input-base", "k8s.io/sample-apiserver/pkg/apis", "--input", "things/v1")
	test, err := os.ReadFile("../../testdata/client/compile/thingsclient/client_test.go")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pkg/thingsclient/client_test.go"), test, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "./pkg/thingsclient/...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test of the generated clientset: %v\n%s", err, out)
	}
}

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// readonlyPkgs is kubernetes' --readonly-pkg list (hack/update-codegen.sh,
// codegen::validation).
var readonlyPkgs = []string{
	"k8s.io/apimachinery/pkg/api/resource",
	"k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/types",
	"k8s.io/apimachinery/pkg/util/intstr",
	"time",
}

// TestParityKubernetesAPI regenerates the validations that k8s.io/api and
// k8s.io/apimachinery v0.37.2 ship (resource/v1, scheduling/v1alpha3 and
// pkg/apis/meta/v1/validation) in one run over a workspace of writable
// copies of both modules, with the flags of kubernetes' update-codegen.sh,
// and compares them byte for byte. One run is needed: a type gets a
// function in its package's file when any package's root type reaches it,
// as metav1.Condition is reached from scheduling/v1alpha3.
func TestParityKubernetesAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("copies k8s.io/api")
	}
	api := refmodtest.Copy(t, "k8s.io/api@v0.37.2")
	am := refmodtest.Copy(t, "k8s.io/apimachinery@v0.37.2")
	files := []string{
		filepath.Join(api, "resource/v1", outputName),
		filepath.Join(api, "scheduling/v1alpha3", outputName),
		filepath.Join(am, "pkg/apis/meta/v1/validation", outputName),
	}
	header := refmodtest.Lines(t, files[0], 4, 18)
	want := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want[f] = b
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path, text string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(api, "go.work"), "go 1.26.0\n\nuse (\n\t.\n\t"+am+"\n)\n")
	// Stand-ins for the kubernetes packages whose roots reach these types.
	if err := os.CopyFS(filepath.Join(api, "zzstandin"), os.DirFS("../../testdata/kubeapi/zzstandin")); err != nil {
		t.Fatal(err)
	}
	args := []string{"-C", api, "--go-header-file", header, "--output-file", outputName,
		"--lint-rules=known-tags-only,require-explicit-disablement"}
	for _, p := range readonlyPkgs {
		args = append(args, "--readonly-pkg", p)
	}
	args = append(args, "./extensions/v1beta1", "./resource/v1", "./scheduling/v1alpha3", "./zzstandin/...",
		"k8s.io/apimachinery/pkg/apis/meta/v1/validation")
	var stderr bytes.Buffer
	if code := run(args, io.Discard, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	for f, w := range want {
		got, err := os.ReadFile(f)
		switch {
		case err != nil:
			t.Errorf("%s: not generated", f)
		case !bytes.Equal(got, w):
			t.Errorf("%s differs from the shipped file:\n%s", f, refmodtest.FirstLines(got, w))
		}
	}
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInterfacesMarkerWarm runs deepcopy-gen twice over a package whose
// declarations name only metav1, with +k8s:deepcopy-gen:interfaces naming
// runtime.Object. Warm, metav1 comes from the type cache and no declaration
// reaches package runtime, so the load gives it no types; the marker must
// still resolve, as it does cold.
func TestInterfacesMarkerWarm(t *testing.T) {
	dir := t.TempDir()
	sum, err := os.ReadFile("../../testdata/example/go.sum")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod":    "module example.com/warm\n\ngo 1.26\n\nrequire k8s.io/apimachinery v0.37.2\n",
		"go.sum":    string(sum),
		"v1/doc.go": "// +k8s:deepcopy-gen=package\npackage v1\n",
		"v1/types.go": "package v1\n\nimport metav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n\n" +
			"// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object\n" +
			"type Widget struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n}\n",
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	t.Setenv("APIGEN_CACHE", t.TempDir())
	t.Setenv("APIGEN_RUNCACHE", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	for _, what := range []string{"cold", "warm"} {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"--output-file", "zz_generated.deepcopy.go", "./v1"}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit status %d:\n%s", what, code, stderr.String())
		}
		out, err := os.ReadFile("v1/zz_generated.deepcopy.go")
		if err != nil || !strings.Contains(string(out), "func (in *Widget) DeepCopyObject() runtime.Object") {
			t.Errorf("%s: no DeepCopyObject (%v)", what, err)
		}
		os.Remove("v1/zz_generated.deepcopy.go")
	}
}

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Resource bounds, on two cores: each input below gets an error or a
// correct result within boundTime, and the test process's peak resident
// memory stays under boundRSS.
const (
	boundTime = 30 * time.Second
	boundRSS  = 2 << 30 // bytes
)

// TestResourceBounds runs apigen generate, with every generator that acts
// on package markers, on a 1 MB marker line, a struct chain 10,000 levels
// deep with a gated field at its end, and a type that holds itself through
// a map.
func TestResourceBounds(t *testing.T) {
	var deep strings.Builder
	deep.WriteString("package deep\n\n")
	const depth = 10000
	for i := range depth - 1 {
		fmt.Fprintf(&deep, "type T%d struct {\n\tNext *T%d `json:\"next,omitempty\"`\n}\n\n", i, i+1)
	}
	fmt.Fprintf(&deep, "type T%d struct {\n\t// +featureGate=Deep\n\t// +optional\n\tLeaf *int32 `json:\"leaf,omitempty\"`\n}\n", depth-1)
	const helpers = "// +k8s:deepcopy-gen=package\n// +k8s:featuregate-gen=package\n"
	cases := []struct {
		name, doc, types string
		wantErr          string   // a diagnostic, or "" for success
		wantFiles        []string // written on success
	}{
		{"longline", "// +k8s:deepcopy-gen=package\npackage longline\n", "package longline\n\n// +k8s:deepcopy-gen=" + strings.Repeat("x", 1<<20) + "\ntype T struct{ A int }\n",
			`… (1048576 bytes) for +k8s:deepcopy-gen`, nil},
		{"deep", helpers + "package deep\n", deep.String(), "", []string{"zz_generated.deepcopy.go", "zz_generated.featuregate.go"}},
		{"selfmap", helpers + "package selfmap\n", "package selfmap\n\ntype Node struct {\n\tChildren map[string]Node `json:\"children,omitempty\"`\n\t// +featureGate=Tree\n\t// +optional\n\tWeight *int32 `json:\"weight,omitempty\"`\n}\n",
			"", []string{"zz_generated.deepcopy.go", "zz_generated.featuregate.go"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, filepath.Join(dir, "go.mod"), "module bounds.example\n\ngo 1.26\n")
			write(t, filepath.Join(dir, c.name, "doc.go"), c.doc)
			write(t, filepath.Join(dir, c.name, "types.go"), c.types)
			var stdout, stderr bytes.Buffer
			start := time.Now()
			code := run([]string{"generate", "-C", dir, "./" + c.name}, &stdout, &stderr)
			if took := time.Since(start); took > boundTime {
				t.Errorf("took %v, over the bound of %v", took, boundTime)
			}
			switch {
			case c.wantErr != "" && (code != 1 || !strings.Contains(stderr.String(), c.wantErr) || stderr.Len() > 4096):
				t.Errorf("exit %d, want 1 and a short error with %q; stderr (%d bytes) begins:\n%.400s", code, c.wantErr, stderr.Len(), stderr.String())
			case c.wantErr == "" && code != 0:
				t.Errorf("exit %d:\n%.2000s", code, stderr.String())
			}
			for _, f := range c.wantFiles {
				data, err := os.ReadFile(filepath.Join(dir, c.name, f))
				if err != nil {
					t.Error(err)
					continue
				}
				for _, want := range []string{"func (in *T0) DeepCopyInto(", "func DropDisabledT0Fields(", "func DropDisabledNodeFields(", "func (in *Node) DeepCopyInto("} {
					if strings.Contains(want, "T0") != (c.name == "deep") || strings.Contains(want, "DeepCopy") != strings.Contains(f, "deepcopy") {
						continue
					}
					if !bytes.Contains(data, []byte(want)) {
						t.Errorf("%s lacks %s", f, want)
					}
				}
			}
		})
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		if rss := ru.Maxrss * 1024; rss > boundRSS {
			t.Errorf("peak RSS %d MB, over the bound of %d MB", rss>>20, boundRSS>>20)
		} else {
			t.Logf("peak RSS of the test process: %d MB", rss>>20)
		}
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

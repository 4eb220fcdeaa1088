package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/output"
	"github.com/apigen-dev/apigen/refmod"
)

// TestGolden generates testdata/defaulter/good, which covers what the
// Kubernetes modules do not: peer packages, +k8s:defaulter-gen-input,
// type-level opt in and out, covering and additional SetDefaults_
// functions, hand-written object defaulters and recursive types. The
// golden files are the output of upstream defaulter-gen v0.37.2 for the
// same input and flags (see testdata/defaulter/README.md).
func TestGolden(t *testing.T) {
	t.Parallel()
	src, err := filepath.Abs("../../testdata/defaulter")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmod.CopyDir(t, src)
	var stderr bytes.Buffer
	code := run([]string{"-C", dir, "--output-file", outputName, "--go-header-file", "hack/boilerplate.go.txt",
		"--extra-peer-dirs", "defaults.example/good/peer",
		"defaults.example/good/v1", "defaults.example/good/defaults/v1"}, os.Stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	want := map[string]string{
		"good/v1":          "golden/good_v1.go.golden",
		"good/defaults/v1": "golden/good_defaults_v1.go.golden",
	}
	got := refmod.Take(t, dir, outputName)
	for pkg, golden := range want {
		p := filepath.Join(dir, pkg, outputName)
		w, err := os.ReadFile(filepath.Join(dir, golden))
		if err != nil {
			t.Fatal(err)
		}
		switch g, ok := got[p]; {
		case !ok:
			t.Errorf("%s: not generated", pkg)
		case !bytes.Equal(g, w):
			t.Errorf("%s differs from upstream:\n%s", pkg, output.Diff("upstream", "apigen", string(w), string(g)))
		}
		delete(got, p)
	}
	for p := range got {
		t.Errorf("%s: generated, but upstream writes no such file", p)
	}
}

// TestDiagnostics runs defaulter-gen on packages with bad input. Each run
// must exit 1, print exactly the diagnostics in
// testdata/defaulter/golden/<case>.txt, and write nothing.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/defaulter")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		patterns []string
	}{
		{"badjson", []string{"./bad/badjson"}},
		{"badtype", []string{"./bad/badtype"}},
		{"nofield", []string{"./bad/nofield"}},
		{"typedoc", []string{"./bad/typedoc"}},
		// Every problem of a run is reported together, sorted by position.
		{"all", []string{"./bad/..."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(root)
			want, err := os.ReadFile(filepath.Join("golden", c.name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"--output-file", outputName}, c.patterns...), &stdout, &stderr)
			if code != 1 {
				t.Errorf("exit status %d, want 1", code)
			}
			if got := stderr.String(); got != string(want) {
				t.Errorf("diagnostics differ.\ngot:\n%s\nwant:\n%s", got, want)
			}
			filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err == nil && strings.HasPrefix(d.Name(), "zz_generated") {
					t.Errorf("generated %s although the run failed", p)
				}
				return nil
			})
		})
	}
}

func TestFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--build-tag", "mine", "./..."}, 2, "--build-tag mine is not supported"},
		{[]string{"--output-file", "", "./..."}, 2, "--output-file must be specified"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit %d and %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}

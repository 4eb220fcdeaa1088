package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/output"
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
	dir := refmodtest.CopyDir(t, src)
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
	got := refmodtest.Take(t, dir, outputName)
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

// TestDiagnostics runs defaulter-gen on packages with bad input, in a copy
// of testdata/defaulter. Each run must print exactly the diagnostics in
// testdata/defaulter/golden/<case>.txt. A run with an error exits 1 and
// writes nothing; one with warnings only exits 0 and writes its files,
// unless --strict makes the warnings errors.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/defaulter")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		patterns []string
		warnings bool // warnings only
	}{
		{"badjson", []string{"./bad/badjson"}, false},
		{"badtype", []string{"./bad/badtype"}, false},
		{"nofield", []string{"./bad/nofield"}, true},
		{"typedoc", []string{"./bad/typedoc"}, true},
		{"notobject", []string{"./bad/notobject"}, true},
		{"typevalue", []string{"./bad/typevalue"}, true},
		// Every problem of a run is reported together, sorted by position.
		{"all", []string{"./bad/..."}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(root, "golden", c.name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			args := append([]string{"--output-file", outputName}, c.patterns...)
			refmodtest.Diagnostics(t, refmodtest.CopyDir(t, root), outputName, run, string(want), c.warnings, args...)
		})
	}
}

// TestWarningsAsUpstream checks that input that only earns warnings is
// generated as upstream's binary generates it.
func TestWarningsAsUpstream(t *testing.T) {
	t.Parallel()
	src, err := filepath.Abs("../../testdata/defaulter")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	args := []string{"--output-file", outputName, "./bad/nofield", "./bad/typedoc", "./bad/notobject", "./bad/typevalue"}
	want := refmodtest.Upstream(t, "defaulter-gen", dir, outputName, args...)
	if len(want) != 4 {
		t.Fatalf("upstream wrote %d files, want 4", len(want))
	}
	refmodtest.Regenerate(t, dir, outputName, run, args...)
	refmodtest.Compare(t, dir, outputName, want)
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

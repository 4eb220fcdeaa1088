package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs apigen on packages with bad input. Each run must
// print exactly the diagnostics in testdata/diagnostics/golden. A run with
// an error must exit 1 and write nothing; one with warnings only (input
// upstream generates from, see cmd/deepcopy-gen's TestWarningsAsUpstream)
// must exit 0 and write, and fail with --strict.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/diagnostics")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name         string
		patterns     []string
		warningsOnly bool
	}{
		{"unknownmarker", []string{"./unknownmarker"}, true},
		{"misplaced", []string{"./misplaced"}, true},
		{"badvalue", []string{"./badvalue"}, false},
		{"badinterface", []string{"./badinterface"}, false},
		{"uncopyable", []string{"./uncopyable"}, false},
		{"badtag", []string{"./badtag"}, true},
		{"nomatch", []string{"diag.example/nothing/...", "./nothing/..."}, false},
		// Every problem of a run is reported together, sorted by position.
		{"all", []string{"./..."}, false},
	}
	generate := func(args []string, stdout, stderr io.Writer) int {
		return run(append([]string{"generate"}, args...), stdout, stderr)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(root, "golden", c.name+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			dir := refmodtest.CopyDir(t, root)
			refmodtest.Diagnostics(t, dir, "zz_generated.deepcopy.go", generate, string(want), c.warningsOnly, c.patterns...)
			if !c.warningsOnly {
				assertNothingGenerated(t, dir)
			}
		})
	}
}

func assertNothingGenerated(t *testing.T, root string) {
	t.Helper()
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".go" && bytes.HasPrefix([]byte(d.Name()), []byte("zz_generated")) {
			t.Errorf("generated %s although the run failed", p)
		}
		return nil
	})
}

func TestMarkersCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"markers"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{
		"+k8s:deepcopy-gen=package|false",
		"+k8s:deepcopy-gen=true|false",
		"+k8s:deepcopy-gen:interfaces=",
		"+k8s:deepcopy-gen:nonpointer-interfaces=true|false",
		"+k8s:featuregate-gen=package ",
		"+featureGate=Gate[,Gate...] ",
		"+k8s:featureGate=Gate[,Gate...] ",
	} {
		if !bytes.Contains(stdout.Bytes(), []byte(want)) {
			t.Errorf("apigen markers lacks %q:\n%s", want, stdout.String())
		}
	}
}

// TestClientFlagErrors checks that the client generators' flags, prefixed
// in apigen, are checked as the tools check them.
func TestClientFlagErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--lister-output-dir", "l"}, "--lister-output-pkg must be specified"},
		{[]string{"--informer-output-dir", "i", "--informer-output-pkg", "p"}, "--informer-versioned-clientset-package must be specified"},
		{[]string{"--client-output-dir", "c", "--client-output-pkg", "p"}, "--client-input must name at least one group version"},
		{[]string{"--client-output-dir", "c", "--client-output-pkg", "p", "--client-input", "g/v", "--client-plural-exceptions", "Foo"}, `invalid --client-plural-exceptions item "Foo"`},
		{[]string{"--applyconfiguration-output-dir", "a", "--applyconfiguration-output-pkg", "p", "--applyconfiguration-openapi-schema", "/nonexistent"}, "--applyconfiguration-openapi-schema: "},
		{[]string{"--generators", "lister"}, `generator "lister" needs its output flags`},
		// Every generator's problem is reported, each on a line of its own.
		{[]string{"--lister-output-dir", "l", "--informer-output-dir", "i"}, "apigen generate: --lister-output-pkg must be specified\napigen generate: --informer-output-pkg must be specified\n"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := run(append(append([]string{"generate"}, c.args...), "./..."), &stdout, &stderr)
		if code != 2 || !bytes.Contains(stderr.Bytes(), []byte(c.want)) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestStrict runs apigen generate over code-generator's defaulter output
// test "empty", whose +k8s:defaulter-gen=covers names a field no type has:
// a warning, and the file is written as upstream writes it. With --strict
// the warning is an error: exit 1, nothing written.
func TestStrict(t *testing.T) {
	dir := refmodtest.Copy(t, "k8s.io/code-generator@v0.37.2")
	const pkg = "k8s.io/code-generator/cmd/defaulter-gen/output_tests/empty"
	file := filepath.Join(dir, "cmd/defaulter-gen/output_tests/empty/zz_generated.defaults.go")
	header := refmodtest.Lines(t, file, 4, 18)
	shipped := refmodtest.Take(t, dir, "zz_generated.defaults.go")[file]
	warning := filepath.Join(dir, "cmd/defaulter-gen/output_tests/empty/doc.go") +
		":17:1: warning: +k8s:defaulter-gen=covers: no type in package " + pkg + " has a field named covers\n"
	for _, strict := range []bool{true, false} {
		args := []string{"generate", "-C", dir, "--go-header-file", header, "--generators", "defaulter", pkg}
		want, wantCode := warning, 0
		if strict {
			args, want, wantCode = append(args, "--strict"), strings.Replace(warning, " warning: ", " ", 1), 1
		}
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != wantCode || stderr.String() != want {
			t.Errorf("strict %v: exit %d, stderr:\n%s\nwant exit %d and:\n%s", strict, code, stderr.String(), wantCode, want)
		}
		got, err := os.ReadFile(file)
		switch {
		case strict && err == nil:
			t.Errorf("--strict failed the run but wrote %s", file)
		case !strict && !bytes.Equal(got, shipped):
			t.Errorf("%s differs from upstream's (error %v):\n%s", file, err, refmodtest.FirstLines(got, shipped))
		}
	}
}

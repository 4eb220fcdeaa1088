package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestDiagnostics runs openapi-gen on the packages of testdata/openapi/bad.
// Each run must exit 1, print exactly the diagnostics of
// testdata/openapi/golden/<case>.txt (written by hand), and write nothing:
// neither the definitions nor the report.
func TestDiagnostics(t *testing.T) {
	root, err := filepath.Abs("../../testdata/openapi")
	if err != nil {
		t.Fatal(err)
	}
	cases := []string{
		"listmapnokey",        // +listType=map without +listMapKey
		"listmapkeymissing",   // +listMapKey naming a field the elements do not have
		"listmapkeynotscalar", // +listMapKey naming a struct field
		"setofstructs",        // +listType=set on a list of structs
		"maxitemsstring",      // +k8s:validation:maxItems on a string
		"minmax",              // minimum greater than maximum
		"badpattern",          // a pattern that does not compile
		"celgap",              // cel[1] without cel[0]
		"celboth",             // a rule with message and messageExpression
		"patchmismatch",       // +patchStrategy that contradicts the struct tag
		"optionalrequired",    // +optional and +required on one field
	}
	run1 := func(t *testing.T, golden string, patterns ...string) {
		t.Chdir(root)
		want, err := os.ReadFile(filepath.Join("golden", golden+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		out := t.TempDir()
		report := filepath.Join(out, "report.txt")
		var stdout, stderr bytes.Buffer
		args := append([]string{"--output-dir", out, "--output-pkg", "openapi.example/generated", "--report-filename", report}, patterns...)
		if code := run(args, &stdout, &stderr); code != 1 {
			t.Errorf("exit status %d, want 1", code)
		}
		if got := stderr.String(); got != string(want) {
			t.Errorf("diagnostics differ.\ngot:\n%s\nwant:\n%s", got, want)
		}
		if entries, _ := os.ReadDir(out); len(entries) > 0 {
			t.Errorf("wrote %s although the run failed", entries[0].Name())
		}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && strings.HasPrefix(d.Name(), "zz_generated") {
				t.Errorf("generated %s although the run failed", p)
			}
			return nil
		})
	}
	for _, c := range cases {
		t.Run(c, func(t *testing.T) { run1(t, c, "./bad/"+c) })
	}
	// A +listMapKey naming a field of an embedded struct of another package.
	t.Run("crosspkgkey", func(t *testing.T) { run1(t, "crosspkgkey", "./bad/crosspkgkey/...") })
	// Every problem of a run is reported together, sorted by position.
	t.Run("all", func(t *testing.T) { run1(t, "all", "./bad/...") })
}

// TestFlags checks the flags upstream requires.
func TestFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--output-pkg", "x.io/oa", "./..."}, "--output-dir must be specified"},
		{[]string{"--output-dir", "out", "./..."}, "--output-pkg must be specified"},
		{[]string{"--output-dir", "out", "--output-pkg", "x.io/oa", "--output-file", "", "./..."}, "--output-file must be specified"},
		{[]string{"--output-dir", "out", "--output-pkg", "x.io/oa", "--report-filename", "", "./..."}, "--report-filename must be specified"},
	} {
		var stderr bytes.Buffer
		if code := run(c.args, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant exit 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestVerifyOnly generates the good test input, then checks that
// --verify-only passes on it, and fails, writing nothing, once the
// definitions or the report are stale.
func TestVerifyOnly(t *testing.T) {
	src, err := filepath.Abs("../../testdata/openapi")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	args := []string{"-C", dir, "--output-dir", "generated", "--output-pkg", "openapi.example/generated",
		"--report-filename", "report.txt", "--output-file", outputName, "./good/..."}
	verify := append([]string{"--verify-only"}, args...)
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	if code := run(verify, &stdout, &stderr); code != 0 {
		t.Fatalf("--verify-only right after generating: exit %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	for _, f := range []string{filepath.Join("generated", outputName), "report.txt"} {
		t.Run(f, func(t *testing.T) {
			p := filepath.Join(dir, f)
			good, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			stale := append(bytes.Clone(good), "// edited\n"...)
			if err := os.WriteFile(p, stale, 0o644); err != nil {
				t.Fatal(err)
			}
			stdout.Reset()
			if code := run(verify, &stdout, io.Discard); code != 1 || !strings.Contains(stdout.String(), "stale: ") {
				t.Errorf("--verify-only on a stale %s: exit %d, output:\n%s", f, code, stdout.String())
			}
			if now, _ := os.ReadFile(p); !bytes.Equal(now, stale) {
				t.Errorf("--verify-only rewrote %s", f)
			}
			os.WriteFile(p, good, 0o644)
		})
	}
}

// TestReportToStdout: "-", upstream's default, writes the report to
// standard output.
func TestReportToStdout(t *testing.T) {
	src, err := filepath.Abs("../../testdata/openapi")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	var stdout, stderr bytes.Buffer
	code := run([]string{"-C", dir, "--output-dir", t.TempDir(), "--output-pkg", "openapi.example/generated", "./good/..."}, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "API rule violation: names_match,openapi.example/good/v1,WidgetSpec,NoTag\n") {
		t.Errorf("standard output has no report:\n%s", stdout.String())
	}
}

// TestWarningsAsUpstream runs upstream's openapi-gen and ours on each
// package of testdata/openapi/warn, which upstream writes: ours must write
// upstream's definitions and report and print exactly golden/<name>.txt,
// warnings only; with --strict, exit 1 and write nothing.
func TestWarningsAsUpstream(t *testing.T) {
	for _, c := range []string{
		"unions",   // unions upstream logs as bad
		"nearmiss", // markers upstream passes over: an unknown +k8s:validation: key, +k8s:openapi-gen=maybe
	} {
		t.Run(c, func(t *testing.T) { warningsAsUpstream(t, c) })
	}
}

func warningsAsUpstream(t *testing.T, name string) {
	src, err := filepath.Abs("../../testdata/openapi")
	if err != nil {
		t.Fatal(err)
	}
	dir := refmodtest.CopyDir(t, src)
	args := []string{"--go-header-file", "hack/boilerplate.go.txt", "--output-file", outputName,
		"--output-pkg", "openapi.example/generated", "./warn/" + name}
	wantFile, wantReport := runUpstream(t, dir, t.TempDir(), args...)
	t.Chdir(dir)
	want, err := os.ReadFile(filepath.Join("golden", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, strict := range []bool{false, true} {
		out := t.TempDir()
		report := filepath.Join(out, "report.txt")
		var stderr bytes.Buffer
		code := run(append([]string{"--strict=" + strconv.FormatBool(strict), "--output-dir", out, "--report-filename", report}, args...), io.Discard, &stderr)
		wantCode, wantStderr := 0, string(want)
		if strict {
			wantCode, wantStderr = 1, strings.ReplaceAll(wantStderr, ": warning: ", ": ")
		}
		if code != wantCode || stderr.String() != wantStderr {
			t.Errorf("strict %v: exit %d, stderr:\n%s\nwant exit %d and:\n%s", strict, code, stderr.String(), wantCode, wantStderr)
		}
		if strict {
			if entries, _ := os.ReadDir(out); len(entries) > 0 {
				t.Errorf("--strict failed the run but wrote %s", entries[0].Name())
			}
			continue
		}
		gotFile, gotReport := readGenerated(t, out, report)
		compare(t, outputName, wantFile, gotFile)
		compare(t, "the API rule report", wantReport, gotReport)
	}
}

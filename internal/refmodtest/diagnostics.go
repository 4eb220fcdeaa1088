package refmodtest

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Diagnostics runs cmd with args in dir, which it makes the working
// directory, and checks that it prints exactly the golden diagnostics want.
// A run with an error must exit 1 and write no file named name. A run with
// warnings only must exit 0 and write; with --strict it must exit 1, print
// the warnings as errors and write nothing. The files written are removed.
func Diagnostics(t *testing.T, dir, name string, cmd Command, want string, warningsOnly bool, args ...string) {
	t.Helper()
	t.Chdir(dir)
	generate := runs(t, dir, name, cmd, args)
	code, got, files := generate()
	if got != want {
		t.Errorf("diagnostics differ.\ngot:\n%s\nwant:\n%s", got, want)
	}
	switch {
	case !warningsOnly && (code != 1 || files != 0):
		t.Errorf("exit %d and %d files written; want exit 1 and none", code, files)
	case warningsOnly && (code != 0 || files == 0):
		t.Errorf("exit %d and %d files written; want exit 0 and the files", code, files)
	}
	if warningsOnly {
		strictFails(t, want, generate)
	}
}

// AsUpstream runs k8s.io/code-generator's tool (see Upstream) and then cmd,
// both in dir with args: upstream must write files named name, and cmd the
// same bytes, exiting 0 and printing exactly the warnings want. With
// --strict, warnings must fail the run and nothing be written.
func AsUpstream(t *testing.T, tool, dir, name string, cmd Command, want string, args ...string) {
	t.Helper()
	upstream := Upstream(t, tool, dir, name, args...)
	if len(upstream) == 0 {
		t.Fatalf("upstream %s wrote no %s", tool, name)
	}
	t.Chdir(dir)
	var stderr bytes.Buffer
	if code := cmd(args, io.Discard, &stderr); code != 0 || stderr.String() != want {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 0 and:\n%s", code, stderr.String(), want)
	}
	Compare(t, dir, name, upstream)
	Take(t, dir, name)
	if want != "" {
		strictFails(t, want, runs(t, dir, name, cmd, args))
	}
}

// runs returns a function that runs cmd with extra flags and args, and
// returns its exit status, its stderr, and how many files named name it
// wrote below dir, removing them.
func runs(t *testing.T, dir, name string, cmd Command, args []string) func(extra ...string) (int, string, int) {
	return func(extra ...string) (int, string, int) {
		var errs bytes.Buffer
		code := cmd(append(extra, args...), io.Discard, &errs)
		return code, errs.String(), len(Take(t, dir, name))
	}
}

// strictFails runs generate with --strict: it must exit 1, print the
// warnings want as errors, and write nothing.
func strictFails(t *testing.T, want string, generate func(extra ...string) (code int, stderr string, files int)) {
	t.Helper()
	code, got, files := generate("--strict")
	if strict := strings.ReplaceAll(want, ": warning: ", ": "); code != 1 || files != 0 || got != strict {
		t.Errorf("--strict: exit %d, %d files written, stderr:\n%s\nwant exit 1, none written, and:\n%s", code, files, got, strict)
	}
}

// CasesAsUpstream runs AsUpstream for each case on a copy of src, with an
// empty header and --output-file name, over the packages pattern gives the
// case; the warnings wanted are src/golden/<case>.txt, none without one.
func CasesAsUpstream(t *testing.T, tool, src, name string, cmd Command, pattern func(c string) string, cases ...string) {
	t.Helper()
	header := filepath.Join(t.TempDir(), "header.txt")
	if err := os.WriteFile(header, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c, func(t *testing.T) {
			dir := CopyDir(t, src)
			want, err := os.ReadFile(filepath.Join(dir, "golden", c+".txt"))
			if err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			AsUpstream(t, tool, dir, name, cmd, string(want), "--go-header-file", header, "--output-file", name, pattern(c))
		})
	}
}

// Findings are the diagnostics in a command's output that have a
// position, one a string, tab-indented continuation lines joined, with the
// file made relative to dir (a relative one is taken as relative to dir,
// where the command ran), sorted and without repeats.
func Findings(dir, out string) []string {
	var list []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "\t") && len(list) > 0 {
			list[len(list)-1] += "\n" + line
			continue
		}
		file, rest, ok := strings.Cut(line, ":")
		if !ok || !strings.HasSuffix(file, ".go") {
			continue
		}
		if filepath.IsAbs(file) {
			if rel, err := filepath.Rel(dir, file); err == nil {
				file = rel
			}
		}
		list = append(list, filepath.Clean(file)+":"+rest)
	}
	slices.Sort(list)
	return slices.Compact(list)
}

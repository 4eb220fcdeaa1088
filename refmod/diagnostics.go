package refmod

import (
	"bytes"
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
	generate := func(extra ...string) (code int, stderr string, files int) {
		var out, errs bytes.Buffer
		code = cmd(append(extra, args...), &out, &errs)
		return code, errs.String(), len(Take(t, dir, name))
	}
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
	if !warningsOnly {
		return
	}
	code, got, files = generate("--strict")
	if strict := strings.ReplaceAll(want, ": warning: ", ": "); code != 1 || files != 0 || got != strict {
		t.Errorf("--strict: exit %d, %d files written, stderr:\n%s\nwant exit 1, none written, and:\n%s", code, files, got, strict)
	}
}

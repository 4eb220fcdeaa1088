package docs_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWarnings documents testdata/docs/warnings, whose doc comments link
// to names that are not there and whose rules have no message: each is a
// warning at its line, golden in testdata/docs/golden/warnings.txt, and
// --strict makes them errors that write nothing.
func TestWarnings(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	want, err := os.ReadFile("testdata/docs/golden/warnings.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, strict := range []bool{false, true} {
		out := filepath.Join(t.TempDir(), "docs")
		args := []string{"--generators", "docs", "--docs-output-dir", out, "./testdata/docs/warnings/..."}
		wantCode, wantErr := 0, string(want)
		if strict {
			args = append([]string{"--strict"}, args...)
			wantCode, wantErr = 1, strictText(wantErr)
		}
		code, _, stderr := generate(t, args...)
		if code != wantCode || stderr != wantErr {
			t.Errorf("strict=%v: exit %d, stderr:\n%s\nwant exit %d and:\n%s", strict, code, stderr, wantCode, wantErr)
		}
		_, err := os.Stat(filepath.Join(out, "warnings.example.com-v1.md"))
		if written := err == nil; written == strict {
			t.Errorf("strict=%v: docs written: %v", strict, written)
		}
	}
}

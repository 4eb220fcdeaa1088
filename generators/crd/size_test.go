package crd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestSizeLimitsGenerate runs the crd tool as apigen generate does on the
// fixtures of cmd/controller-gen's TestSizeLimits (testdata/crd/bad/bigcrd
// and hugecrd), with and without --crd-max-desc-len, and requires the
// same diagnostics: the goldens in testdata/crd/golden. A run with an
// error exits 1 and writes nothing; with the maxDescLen a diagnostic
// suggests, the diagnostic it was about goes away.
func TestSizeLimitsGenerate(t *testing.T) {
	src, err := filepath.Abs("../../testdata/crd")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(refmodtest.CopyDir(t, src), "bad")
	golden := func(name string) string { return filepath.Join(src, "golden", name+".txt") }
	// The i-th maxDescLen a golden file suggests.
	suggested := func(name string, i int) string {
		b, err := os.ReadFile(golden(name))
		if err != nil {
			t.Fatal(err)
		}
		all := regexp.MustCompile(`--crd-max-desc-len (\d+)\)`).FindAllStringSubmatch(string(b), -1)
		if len(all) <= i {
			t.Fatalf("%s suggests no maxDescLen", golden(name))
		}
		return all[i][1]
	}
	for _, c := range []struct {
		name   string
		args   []string
		golden string // "" for no diagnostics
		code   int
	}{
		{"bigcrd", []string{"./bigcrd/..."}, "bigcrd", 0},
		{"bigcrd suggested", []string{"--crd-max-desc-len", suggested("bigcrd", 0), "./bigcrd/..."}, "", 0},
		{"hugecrd", []string{"./hugecrd/..."}, "hugecrd", 1},
		{"hugecrd for the API server", []string{"--crd-max-desc-len", suggested("hugecrd", 0), "./hugecrd/..."}, "hugecrd-maxdesclen", 0},
		{"hugecrd for etcd", []string{"--crd-max-desc-len", suggested("hugecrd", 1), "./hugecrd/..."}, "hugecrd-etcd", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(dir)
			out := filepath.Join(t.TempDir(), "crds")
			var stdout, stderr bytes.Buffer
			args := append([]string{"--chdir", dir, "--generators", "crd", "--crd-output-dir", out}, c.args...)
			cmd, code, ok := cli.Specs{Spec}.ParseGenerate(args, &stdout, &stderr)
			if !ok {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			if code := engine.Run(cmd.Options, cmd.Generators()...); code != c.code {
				t.Errorf("exit %d, want %d", code, c.code)
			}
			if c.golden != "" {
				want, err := os.ReadFile(golden(c.golden))
				if err != nil {
					t.Fatal(err)
				}
				if stderr.String() != string(want) {
					t.Errorf("diagnostics differ.\ngot:\n%s\nwant:\n%s", stderr.String(), want)
				}
			} else if stderr.Len() > 0 {
				t.Errorf("diagnostics, want none:\n%s", stderr.String())
			}
			entries, _ := os.ReadDir(out)
			if wrote := len(entries) > 0; wrote != (c.code == 0) {
				t.Errorf("wrote files: %v, exit %d", wrote, c.code)
			}
		})
	}
}

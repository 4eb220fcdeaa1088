package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/internal/swaggerdoctest"
)

// result is what one run printed and its exit status.
type result struct {
	stdout string
	code   int
}

func runUpstream(t *testing.T, bin string, args ...string) result {
	t.Helper()
	var stdout bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout = &stdout
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return result{stdout.String(), cmd.ProcessState.ExitCode()}
}

func runOurs(args ...string) (result, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return result{stdout.String(), code & 0xff}, stderr.String() // as the OS truncates it
}

// TestUpstream compares with Kubernetes' genswaggertypedocs, printing the
// functions and with --verify, on the rule fixtures and on core/v1.
func TestUpstream(t *testing.T) {
	bin := swaggerdoctest.Build(t)
	files := []string{
		"../../testdata/swaggerdoc/rules/widgets/v1/types.go",
		"../../testdata/swaggerdoc/rules/widgets/v1beta1/types.go",
		"../../testdata/swaggerdoc/files/shapes.go",
		"../../testdata/swaggerdoc/files/none.go",
		filepath.Join(refmodtest.Download(t, "k8s.io/api@v0.37.2"), "core/v1/types.go"),
	}
	for _, file := range files {
		for _, mode := range [][]string{nil, {"--verify"}} {
			args := append([]string{"-s", file}, mode...)
			want := runUpstream(t, bin, args...)
			got, stderr := runOurs(args...)
			if got != want {
				t.Errorf("%v: exit %d, want %d; stderr %q; output:\n%s", args, got.code, want.code, stderr, refmodtest.FirstLines([]byte(got.stdout), []byte(want.stdout)))
			}
		}
	}
}

// TestFuncDest checks that -f writes the file upstream writes.
func TestFuncDest(t *testing.T) {
	bin := swaggerdoctest.Build(t)
	src := "../../testdata/swaggerdoc/rules/widgets/v1/types.go"
	dir := t.TempDir()
	runUpstream(t, bin, "-s", src, "-f", filepath.Join(dir, "upstream.go"))
	if _, stderr := runOurs("-s", src, "-f", filepath.Join(dir, "ours.go")); stderr != "" {
		t.Fatal(stderr)
	}
	want, err1 := os.ReadFile(filepath.Join(dir, "upstream.go"))
	got, err2 := os.ReadFile(filepath.Join(dir, "ours.go"))
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 || !bytes.Equal(got, want) {
		t.Errorf("-f output differs from upstream's (%d bytes):\n%s", len(want), refmodtest.FirstLines(got, want))
	}
}

// TestBadInput checks that sources upstream fails on (it panics on both)
// get an error with file:line:column instead.
func TestBadInput(t *testing.T) {
	bin := swaggerdoctest.Build(t)
	for file, want := range map[string]string{
		"badparse.go":    ":6:12: expected ';', found int",
		"badembedded.go": ":8:2: embedded field TypeMeta has no JSON name",
	} {
		path := filepath.Join("../../testdata/swaggerdoc/files", file)
		if up := runUpstream(t, bin, "-s", path); up.code == 0 {
			t.Errorf("upstream succeeded on %s; the test expects it to fail", file)
		}
		got, stderr := runOurs("-s", path)
		if want = path + want; got.code != 1 || got.stdout != "" || !strings.HasPrefix(stderr, want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1, nothing printed, and %q", file, got.code, got.stdout, stderr, want)
		}
	}
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{nil, {"-f", "-"}, {"--no-such-flag"}} {
		got, stderr := runOurs(args...)
		if got.code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and a message", args, got.code, stderr)
		}
	}
	if got, _ := runOurs("-s", "../../testdata/swaggerdoc/files/missing.go"); got.code != 1 {
		t.Errorf("a missing file: exit %d, want 1", got.code)
	}
}

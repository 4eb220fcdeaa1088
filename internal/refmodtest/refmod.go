// Package refmodtest gives tests writable copies of the reference modules whose
// shipped generated files are the oracle for byte parity.
package refmodtest

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/output"
)

// Copy downloads module@version through the Go module proxy and returns a
// writable copy of it in a temporary directory, with its dependencies
// downloaded too.
func Copy(t testing.TB, module string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(strings.Split(module, "@")[0]))
	if err := os.CopyFS(dst, os.DirFS(Download(t, module))); err != nil {
		t.Fatal(err)
	}
	makeWritable(t, dst)
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = dst
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", dst, err, out)
	}
	return dst
}

// Download fetches module@version through the Go module proxy and returns
// its read-only directory in the module cache.
func Download(t testing.TB, module string) string {
	t.Helper()
	out, err := exec.Command("go", "mod", "download", "-json", module).Output()
	if err != nil {
		t.Fatalf("go mod download %s: %v", module, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		t.Fatalf("go mod download %s: %s %v", module, info.Error, err)
	}
	return info.Dir
}

func makeWritable(t testing.TB, root string) {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(p, mode)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Lines writes lines from..to (1-based, inclusive) of file to a new file in
// a temporary directory and returns its path: how the reference header is
// cut from a shipped generated file.
func Lines(t testing.TB, file string, from, to int) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	p := filepath.Join(t.TempDir(), "header.txt")
	if err := os.WriteFile(p, []byte(strings.Join(lines[from-1:to], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Take removes every file named name below root and returns their bytes,
// keyed by path: the shipped generated files, before regeneration.
func Take(t testing.TB, root, name string) map[string][]byte {
	t.Helper()
	return TakeMatching(t, root, func(n string) bool { return n == name })
}

// TakeMatching is Take for every file whose name match accepts.
func TakeMatching(t testing.TB, root string, match func(name string) bool) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !match(d.Name()) {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[p] = b
		return os.Remove(p)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Compare fails t for every file in want that is missing or differs on
// disk, showing the first differing lines, and for every file named name
// below root that want does not have.
func Compare(t testing.TB, root, name string, want map[string][]byte) {
	t.Helper()
	for p, w := range want {
		got, err := os.ReadFile(p)
		if err != nil {
			t.Errorf("%s: not generated", p)
			continue
		}
		if !bytes.Equal(got, w) {
			t.Errorf("%s differs from upstream:\n%s", p, firstLines(output.Diff("upstream", "apigen", string(w), string(got)), 30))
		}
	}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == name && want[p] == nil {
			t.Errorf("%s: generated, but upstream has no such file", p)
		}
		return nil
	})
}

func firstLines(s string, n int) string {
	lines := strings.SplitAfter(s, "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...\n")
	}
	return strings.Join(lines, "")
}

// CopyDir copies a directory tree into a temporary directory and returns
// the copy's path.
func CopyDir(t testing.TB, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	makeWritable(t, dst)
	return dst
}

// GoTest runs `go test ./...` in dir and fails t if it fails.
func GoTest(t testing.TB, dir string) {
	t.Helper()
	cmd := exec.Command("go", "test", "-count=1", "./...")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test in %s: %v\n%s", dir, err, out)
	}
}

// Command is the testable entry point of a command: its arguments in, its
// exit status out.
type Command func(args []string, stdout, stderr io.Writer) int

// Regenerate removes the shipped files named name below dir, runs cmd with
// -C dir and args, and returns the shipped files for Compare.
func Regenerate(t *testing.T, dir, name string, cmd Command, args ...string) map[string][]byte {
	t.Helper()
	shipped := Take(t, dir, name)
	var stderr bytes.Buffer
	if code := cmd(append([]string{"-C", dir}, args...), io.Discard, &stderr); code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	return shipped
}

// Upstream builds k8s.io/code-generator's tool at v0.37.2 from the module
// proxy, runs it in dir with args, and returns the files named name that it
// wrote below dir, removing them so that ours can write them again: an
// oracle for inputs that no module ships generated files for.
func Upstream(t testing.TB, tool, dir, name string, args ...string) map[string][]byte {
	t.Helper()
	RunUpstream(t, tool, dir, args...)
	return Take(t, dir, name)
}

// RunUpstream builds k8s.io/code-generator's tool at v0.37.2 from the
// module proxy and runs it in dir with args.
func RunUpstream(t testing.TB, tool, dir string, args ...string) {
	t.Helper()
	gen := exec.Command(filepath.Join(InstallUpstream(t, tool), tool), args...)
	gen.Dir = dir
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("upstream %s: %v\n%s", tool, err, out)
	}
}

// InstallUpstream builds k8s.io/code-generator's tools at v0.37.2 from the
// module proxy into a temporary directory, which it returns.
func InstallUpstream(t testing.TB, tools ...string) string {
	t.Helper()
	gobin := t.TempDir()
	args := []string{"install"}
	for _, tool := range tools {
		args = append(args, "k8s.io/code-generator/cmd/"+tool+"@v0.37.2")
	}
	install := exec.Command("go", args...)
	install.Dir = gobin
	install.Env = append(os.Environ(), "GOBIN="+gobin, "GOFLAGS=", "GOWORK=off")
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("installing upstream %v: %v\n%s", tools, err, out)
	}
	return gobin
}

// Golden compares got with a golden file written and reviewed by hand.
// With APIGEN_UPDATE_GOLDEN=1 it rewrites the file instead, for review.
func Golden(t testing.TB, file, got string) {
	t.Helper()
	if os.Getenv("APIGEN_UPDATE_GOLDEN") == "1" {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("diagnostics differ.\ngot:\n%s\nwant:\n%s", got, want)
	}
}

// FirstLines returns the start of a unified diff from want to got.
func FirstLines(got, want []byte) string {
	return firstLines(output.Diff("upstream", "apigen", string(want), string(got)), 30)
}

// Files returns the text of every file below root, keyed by its slash
// path relative to root.
func Files(t testing.TB, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

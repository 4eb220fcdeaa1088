package compat

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// run calls Main in dir and returns its exit status and output.
func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(args, registry(), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestMainExceptionsAndJSON(t *testing.T) {
	dir := "../testdata/compat/validation"
	code, out, _ := run(t, "-C", dir+"/new", "--base-dir", dir+"/old", "--output", "json", "./...")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	var r Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !r.Failed || len(r.Findings) == 0 {
		t.Fatalf("report %+v", r)
	}
	checkSchema(t, out)
	// Except every error, and add one exception that matches nothing.
	var lines []string
	for _, f := range r.Findings {
		if f.Severity == "error" {
			lines = append(lines, f.Key)
		}
	}
	exc := filepath.Join(t.TempDir(), "exceptions")
	write := func(extra ...string) {
		text := "# accepted\n" + strings.Join(append(lines, extra...), "\n") + "\n"
		if err := os.WriteFile(exc, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write()
	code, out, stderr := run(t, "-C", dir+"/new", "--base-dir", dir+"/old", "--exceptions", exc, "./...")
	if code != 0 {
		t.Fatalf("with every error excepted: exit %d\n%s%s", code, out, stderr)
	}
	if !strings.Contains(out, ": excepted: ") || strings.Contains(out, ": error: ") {
		t.Errorf("output does not show the exceptions:\n%s", out)
	}
	stale := "validation-tightened,example.com/v1,WidgetSpec,nosuchfield"
	write(stale)
	code, out, _ = run(t, "-C", dir+"/new", "--base-dir", dir+"/old", "--exceptions", exc, "./...")
	if code != 1 || !strings.Contains(out, "stale exception: "+stale) {
		t.Errorf("stale exception: exit %d\n%s", code, out)
	}
}

func TestMainCompatible(t *testing.T) {
	dir := "../testdata/compat/defaults"
	code, out, stderr := run(t, "-C", dir+"/ok", "--base-dir", dir+"/old", "./...")
	if code != 0 || !strings.Contains(out, "0 errors") {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
}

func TestMainUsage(t *testing.T) {
	for _, args := range [][]string{
		{"./..."}, // no base
		{"--base", "HEAD", "--base-dir", "x", "./..."},
		{"--base-dir", "x"}, // no patterns
		{"--base-dir", "x", "--output", "yaml", "./..."},
	} {
		if code, _, _ := run(t, args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// gitRun runs git in dir with a fixed identity.
func gitRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// copyFixture writes the files of a fixture directory into dst.
func copyFixture(t *testing.T, src, dst string) {
	t.Helper()
	if err := os.RemoveAll(dst); err != nil {
		t.Fatal(err)
	}
	if err := copyTree(src, dst); err != nil {
		t.Fatal(err)
	}
}

// TestGitWorktree compares the working tree of a throwaway repository with
// its previous commit, and checks that the repository is left as it was.
func TestGitWorktree(t *testing.T) {
	repo := t.TempDir()
	gitRun(t, repo, "init", "--quiet")
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module example.com/repo\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	api := filepath.Join(repo, "api", "v1")
	copyFixture(t, "../testdata/compat/removed-field/old", api)
	gitRun(t, repo, "add", ".")
	gitRun(t, repo, "commit", "--quiet", "-m", "old")
	copyFixture(t, "../testdata/compat/removed-field/new", api)
	gitRun(t, repo, "commit", "--quiet", "-am", "new")
	statusBefore := gitRun(t, repo, "status", "--porcelain")

	// From the api directory, as a user in a subdirectory would run it.
	code, out, stderr := run(t, "-C", filepath.Join(repo, "api"), "--base", "HEAD~1", "--output", "json", "./...")
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	var r Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	want := wants(t, "../testdata/compat/removed-field/old", "base")
	if len(r.Findings) != len(want) {
		t.Fatalf("findings %+v, want %v", r.Findings, want)
	}
	f := r.Findings[0]
	if f.Rule != want[0].rule || f.File != "v1/"+want[0].file || f.Line != want[0].line || f.Revision != "base" {
		t.Errorf("finding %+v, want %v at v1/", f, want[0])
	}

	// HEAD against itself: nothing.
	if code, out, stderr := run(t, "-C", repo, "--base", "HEAD", "./..."); code != 0 {
		t.Errorf("HEAD against HEAD: exit %d\n%s%s", code, out, stderr)
	}
	if after := gitRun(t, repo, "status", "--porcelain"); after != statusBefore {
		t.Errorf("git status changed:\n%s\nwas:\n%s", after, statusBefore)
	}
	if wts := gitRun(t, repo, "worktree", "list"); strings.Count(wts, "\n") != 1 {
		t.Errorf("worktrees left behind:\n%s", wts)
	}
	if code, _, stderr := run(t, "-C", repo, "--base", "no-such-revision", "./..."); code != 1 || !strings.Contains(stderr, "no-such-revision") {
		t.Errorf("bad revision: exit %d, %s", code, stderr)
	}
}

// TestBaseModule serves a fixture as a module version from a file proxy
// and compares against it.
func TestBaseModule(t *testing.T) {
	proxy := t.TempDir()
	const mod, ver = "example.com/widgets", "v1.0.0"
	vdir := filepath.Join(proxy, mod, "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod := "module " + mod + "\n\ngo 1.26\n"
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	add := func(name string, data []byte) {
		w, err := zw.Create(mod + "@" + ver + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	add("go.mod", []byte(gomod))
	src := "../testdata/compat/type-changed/old"
	for _, name := range []string{"doc.go", "types.go"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		add("v1/"+name, b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"list": []byte(ver + "\n"), ver + ".info": []byte(`{"Version":"` + ver + `"}`),
		ver + ".mod": []byte(gomod), ver + ".zip": zbuf.Bytes(),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(vdir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOPROXY", "file://"+proxy)
	t.Setenv("GOSUMDB", "off")
	t.Setenv("GOFLAGS", "-modcacherw")
	t.Setenv("GOMODCACHE", t.TempDir())

	head := t.TempDir()
	if err := os.WriteFile(filepath.Join(head, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	copyFixture(t, "../testdata/compat/type-changed/new", filepath.Join(head, "v1"))
	code, out, stderr := run(t, "-C", head, "--base-module", mod+"@"+ver, "--output", "json", "./...")
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	var r Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	want := wants(t, "../testdata/compat/type-changed/new", "new")
	if len(r.Findings) != len(want) {
		t.Fatalf("findings %+v, want %v", r.Findings, want)
	}
	for i, f := range r.Findings {
		if f.Rule != want[i].rule || f.File != "v1/"+want[i].file || f.Line != want[i].line {
			t.Errorf("finding %+v, want %v", f, want[i])
		}
	}
	if code, _, stderr := run(t, "-C", head, "--base-module", mod+"@v9.9.9", "./..."); code != 1 || stderr == "" {
		t.Errorf("missing version: exit %d, %s", code, stderr)
	}
}

// checkSchema holds the JSON output to the schema docs/compat.md documents.
func checkSchema(t *testing.T, out string) {
	t.Helper()
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"findings", "staleExceptions", "failed"} {
		if doc[k] == nil {
			t.Errorf("no %q in the report", k)
		}
	}
	var findings []map[string]any
	if err := json.Unmarshal(doc["findings"], &findings); err != nil {
		t.Fatal(err)
	}
	always := []string{"rule", "severity", "file", "line", "revision", "groupVersion", "message", "reason", "key", "excepted"}
	optional := []string{"type", "field", "note"}
	for _, f := range findings {
		for _, k := range always {
			if _, ok := f[k]; !ok {
				t.Errorf("finding without %q: %v", k, f)
			}
		}
		for k := range f {
			if !slices.Contains(always, k) && !slices.Contains(optional, k) {
				t.Errorf("undocumented key %q in %v", k, f)
			}
		}
	}
}

// TestMainText checks the human form: file:line, (base) for removals, the
// key in brackets and the guide's reason.
func TestMainText(t *testing.T) {
	dir := "../testdata/compat/removed-field"
	code, out, stderr := run(t, "-C", dir+"/new", "--base-dir", dir+"/old", "./...")
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
	w := wants(t, dir+"/old", "base")[0]
	head := fmt.Sprintf("%s:%d (base): error: ", w.file, w.line)
	key := "[" + w.rule + ",example.com/v1,WidgetSpec,color]\n\tguide: " + reasonOf(w.rule) + "\n"
	if !strings.HasPrefix(out, head) || !strings.Contains(out, key) || !strings.HasSuffix(out, "1 errors, 0 warnings, 0 exempt (alpha), 0 excepted, 0 stale exceptions\n") {
		t.Errorf("output:\n%s\nwant it to start with %q and hold %q", out, head, key)
	}
}

package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/cache"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/load"
)

// runCache points the run cache at a fresh directory and its explanations
// at a log, for one test.
type runCache struct {
	runs, log string
}

func newRunCache(t *testing.T) runCache {
	t.Helper()
	root := t.TempDir()
	t.Setenv("APIGEN_CACHE", root)
	c := runCache{runs: filepath.Join(root, "runs"), log: filepath.Join(root, "debug.log")}
	t.Setenv("APIGEN_CACHE_DEBUG", c.log)
	return c
}

// explain returns what the cache logged since the last call.
func (c runCache) explain(t *testing.T) string {
	t.Helper()
	b, _ := os.ReadFile(c.log)
	os.Remove(c.log)
	return string(b)
}

// expectReplay checks that the last run was served from the cache, or was
// not.
func (c runCache) expectReplay(t *testing.T, want bool, what string) {
	t.Helper()
	log := c.explain(t)
	if got := strings.Contains(log, ": replayed"); got != want {
		t.Errorf("%s: replayed %v, want %v; the cache said:\n%s", what, got, want, log)
	}
}

type result struct {
	code           int
	stdout, stderr string
}

// apigen runs apigen in this process.
func apigen(args ...string) result {
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

// uncached runs apigen in this process with the run cache off.
func uncached(t *testing.T, args ...string) result {
	t.Helper()
	old := os.Getenv("APIGEN_CACHE")
	os.Setenv("APIGEN_CACHE", "off")
	defer os.Setenv("APIGEN_CACHE", old)
	return apigen(args...)
}

// sameTrees reports the files in which two trees differ.
func sameTrees(t *testing.T, got, want map[string]string, what string) {
	t.Helper()
	for p, w := range want {
		if g, ok := got[p]; !ok {
			t.Errorf("%s: %s is missing", what, p)
		} else if g != w {
			t.Errorf("%s: %s differs from a run without the cache:\n%s", what, p, refmodtest.FirstLines([]byte(g), []byte(w)))
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: %s should not exist", what, p)
		}
	}
}

// changed lists the files that differ between two trees.
func changed(a, b map[string]string) []string {
	var out []string
	for p, v := range a {
		if b[p] != v {
			out = append(out, p)
		}
	}
	for p := range b {
		if _, ok := a[p]; !ok {
			out = append(out, p)
		}
	}
	return out
}

func edit(t *testing.T, file, old, new string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s has no %q", file, old)
	}
	if err := os.WriteFile(file, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, file, data string) {
	t.Helper()
	if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// twin is one fixture in two copies: one run with the cache, one without,
// so that every cached run can be compared with what apigen writes
// without it.
type twin struct {
	cached, plain string
	c             runCache
	args          func(dir string) []string
}

// both changes both copies.
func (w twin) both(change func(dir string)) {
	change(w.cached)
	change(w.plain)
}

// step runs both copies and checks that the cached run printed and wrote
// what the plain one did. It returns the cached run's result.
func (w twin) step(t *testing.T, what string, wantReplay bool) result {
	t.Helper()
	return w.run(t, what, wantReplay, false)
}

// restoring is step for a run that replays and writes again the outputs
// deleted or edited since, as the plain run writes them.
func (w twin) restoring(t *testing.T, what string) result {
	t.Helper()
	return w.run(t, what, true, true)
}

func (w twin) run(t *testing.T, what string, wantReplay, writes bool) result {
	t.Helper()
	before := refmodtest.Files(t, w.cached)
	got := apigen(w.args(w.cached)...)
	w.c.expectReplay(t, wantReplay, what)
	if wantReplay && !writes {
		// A replay writes nothing: the plain copy is as the last step left it.
		if c := changed(before, refmodtest.Files(t, w.cached)); len(c) > 0 {
			t.Errorf("%s: a replayed run changed %v", what, c)
		}
		sameTrees(t, refmodtest.Files(t, w.cached), refmodtest.Files(t, w.plain), what)
		return got
	}
	want := uncached(t, w.args(w.plain)...)
	if got.code != want.code || got.stdout != strings.ReplaceAll(want.stdout, w.plain, w.cached) {
		t.Errorf("%s: with the cache exit %d, stdout:\n%s\nwithout: exit %d, stdout:\n%s", what, got.code, got.stdout, want.code, want.stdout)
	}
	sameTrees(t, refmodtest.Files(t, w.cached), refmodtest.Files(t, w.plain), what)
	return got
}

// expectChanged checks that a step changed some generated files, so that
// a stale replay could not have passed it.
func expectChanged(t *testing.T, before, after map[string]string, what string) {
	t.Helper()
	if len(changed(before, after)) == 0 {
		t.Errorf("%s changed no generated file: the test proves nothing", what)
	}
}

// TestRunCacheExample runs the bundled example, with openapi turned on,
// through a series of changes. After each, the cached run must miss and
// write exactly what a run without the cache writes; the run after it
// must replay.
func TestRunCacheExample(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/example")
	w := twin{cached: refmodtest.CopyDir(t, src), plain: refmodtest.CopyDir(t, src), c: newRunCache(t)}
	flags := []string{}
	w.args = func(dir string) []string {
		return append([]string{"generate", "-C", dir, "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"),
			"--generators", "deepcopy,defaulter,conversion,featuregate,openapi,lister",
			"--openapi-output-dir", "pkg/generated/openapi", "--openapi-output-pkg", "example.com/frobbers/pkg/generated/openapi",
			"--openapi-report-filename", "api-violations.list",
			"--lister-output-dir", "pkg/generated/listers", "--lister-output-pkg", "example.com/frobbers/pkg/generated/listers"},
			append(flags, "./...")...)
	}
	v6 := "apis/frobbers/v6"
	w.both(func(dir string) {
		edit(t, filepath.Join(dir, v6, "doc.go"), "// +groupName=", "// +k8s:openapi-gen=true\n// +groupName=")
	})
	w.step(t, "first run", false)
	// The report did not exist before the first run; the key of the
	// second sees the one the first wrote.
	first := w.step(t, "second run", true)
	if r := w.step(t, "third run", true); r != first {
		t.Errorf("the replay printed %+v, the run %+v", r, first)
	}

	changes := []struct {
		name    string
		change  func(dir string)
		changes bool // the generated files change
		replays bool // the run replays, writing deleted or edited outputs again
	}{
		{"a doc comment edited in types.go", func(dir string) {
			edit(t, filepath.Join(dir, v6, "types.go"), "Height is the vertical extent", "Height is how tall")
		}, true, false},
		{"a new field", func(dir string) {
			for _, pkg := range []string{"apis/frobbers", v6, "apis/frobbers/v7beta1"} {
				edit(t, filepath.Join(dir, pkg, "types.go"), "type FrobberSpec struct {", "type FrobberSpec struct {\n\t// Color is new.\n\tColor string `json:\"color\"`\n")
			}
		}, true, false},
		{"a new file in a package", func(dir string) {
			writeFile(t, filepath.Join(dir, v6, "extra.go"), "package v6\n\n// Extra is new.\ntype Extra struct {\n\tNames []string `json:\"names\"`\n}\n")
		}, true, false},
		{"a generated file edited", func(dir string) {
			edit(t, filepath.Join(dir, v6, "zz_generated.deepcopy.go"), "func (in *Extra) DeepCopyInto", "func (in *Extra) DeepCopyIntoX")
		}, false, true},
		{"a generated file removed", func(dir string) {
			os.Remove(filepath.Join(dir, "pkg/generated/openapi/zz_generated.openapi.go"))
		}, false, true},
		{"the report removed", func(dir string) {
			os.Remove(filepath.Join(dir, "api-violations.list"))
		}, false, false},
		{"the report edited", func(dir string) {
			writeFile(t, filepath.Join(dir, "api-violations.list"), "edited\n")
		}, false, false},
		{"the header's content", func(dir string) {
			edit(t, filepath.Join(dir, "hack/boilerplate.go.txt"), "Copyright", "Copyleft")
		}, true, false},
		{"a flag", func(string) {
			flags = []string{"--deepcopy-output-file", "zz_generated.copies.go"}
		}, true, false},
		{"a file a generator owns appearing", func(dir string) {
			writeFile(t, filepath.Join(dir, v6, "zz_generated.defaults.go.bak"), "not go")
			writeFile(t, filepath.Join(dir, "apis/frobbers/zz_generated.defaults.go"), "//go:build !ignore_autogenerated\n\npackage frobbers\n")
		}, false, false},
	}
	for _, c := range changes {
		before := refmodtest.Files(t, w.cached)
		w.both(c.change)
		if c.replays {
			w.restoring(t, c.name)
		} else {
			w.step(t, c.name, false)
		}
		if c.changes {
			expectChanged(t, before, refmodtest.Files(t, w.cached), c.name)
		}
		w.step(t, "the run after "+c.name, true)
	}

	// Verification is a run of its own: it replays only what it found.
	write := w.args
	w.args = func(dir string) []string { return append([]string{"generate", "--verify-only"}, write(dir)[1:]...) }
	flags = nil
	w.both(func(dir string) { os.Remove(filepath.Join(dir, "apis/frobbers/zz_generated.defaults.go")) })
	if r := w.step(t, "verifying after the flag went", false); r.code != 0 {
		t.Fatalf("verification failed: %+v", r)
	}
	w.step(t, "verifying again", true)
	// lister-gen owns every file below its output directory that says it
	// made it, whatever its name.
	w.both(func(dir string) {
		writeFile(t, filepath.Join(dir, "pkg/generated/listers/frobbers/v6/old.go"),
			"// Code generated by lister-gen. DO NOT EDIT.\n\npackage v6\n")
	})
	if r := w.step(t, "verifying with a file lister-gen no longer makes", false); r.code == 0 {
		t.Error("verification passed with a file lister-gen no longer makes")
	}
	w.both(func(dir string) { os.Remove(filepath.Join(dir, "pkg/generated/listers/frobbers/v6/old.go")) })
	w.both(func(dir string) {
		edit(t, filepath.Join(dir, v6, "zz_generated.deepcopy.go"), "DeepCopyInto", "DeepCopyIntoX")
	})
	if r := w.step(t, "verifying an edited file", false); r.code == 0 {
		t.Error("verification passed on an edited file")
	}
}

// TestRunCacheGoModBump changes the version of k8s.io/apimachinery that
// the fixture requires: the run must miss, and write what a run without
// the cache writes, apimachinery's definitions included.
func TestRunCacheGoModBump(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/cache/bump")
	w := twin{cached: refmodtest.CopyDir(t, src), plain: refmodtest.CopyDir(t, src), c: newRunCache(t)}
	w.args = func(dir string) []string {
		return []string{"generate", "-C", dir, "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"),
			"--generators", "deepcopy,openapi", "--openapi-output-dir", "generated/openapi",
			"--openapi-output-pkg", "example.com/bump/generated/openapi", "--openapi-report-filename", "report.list",
			"./api", "k8s.io/apimachinery/pkg/apis/meta/v1"}
	}
	w.step(t, "first run", false)
	w.step(t, "second run", true)
	w.both(func(dir string) {
		edit(t, filepath.Join(dir, "go.mod"), "k8s.io/apimachinery v0.37.2", "k8s.io/apimachinery v0.36.3")
	})
	w.step(t, "go.mod bumped down", false)
	w.step(t, "the run after the bump", true)
	w.both(func(dir string) {
		edit(t, filepath.Join(dir, "go.mod"), "k8s.io/apimachinery v0.36.3", "k8s.io/apimachinery v0.37.2")
	})
	w.step(t, "go.mod bumped back", false)
	w.step(t, "the run after", true)
}

// TestRunCacheReplace edits a module that go.mod replaces by a directory
// outside the main module: the deep copy of a type that holds the
// module's type changes with it.
func TestRunCacheReplace(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/cache/replace")
	w := twin{cached: refmodtest.CopyDir(t, src), plain: refmodtest.CopyDir(t, src), c: newRunCache(t)}
	w.args = func(dir string) []string {
		return []string{"generate", "-C", filepath.Join(dir, "app"), "--generators", "deepcopy", "./..."}
	}
	w.step(t, "first run", false)
	w.step(t, "second run", true)
	before := refmodtest.Files(t, w.cached)
	w.both(func(dir string) { edit(t, filepath.Join(dir, "dep/thing.go"), "N int", "N int\n\tP *int") })
	w.step(t, "the replaced module edited", false)
	expectChanged(t, before, refmodtest.Files(t, w.cached), "the replaced module edited")
	w.step(t, "the run after", true)
	w.both(func(dir string) {
		os.WriteFile(filepath.Join(dir, "dep/more.go"), []byte("package dep\n\n// More is new.\ntype More struct{}\n"), 0o644)
	})
	w.step(t, "a file added to the replaced module", false)
	w.both(func(dir string) { os.MkdirAll(filepath.Join(dir, "app/api/sub"), 0o755) })
	w.step(t, "a new directory below the main module", false)
	w.both(func(dir string) {
		os.WriteFile(filepath.Join(dir, "app/api/sub/doc.go"), []byte("// +k8s:deepcopy-gen=package\npackage sub\n\ntype S struct{ P *int }\n"), 0o644)
	})
	w.step(t, "a new package a pattern matches", false)
	w.step(t, "the run after", true)
}

// TestRunCacheCorruption damages the stored entries in several ways; every
// run must still succeed and write what a run without the cache writes.
func TestRunCacheCorruption(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/cache/replace")
	w := twin{cached: refmodtest.CopyDir(t, src), plain: refmodtest.CopyDir(t, src), c: newRunCache(t)}
	w.args = func(dir string) []string {
		return []string{"generate", "-C", filepath.Join(dir, "app"), "--generators", "deepcopy", "./..."}
	}
	w.step(t, "first run", false)
	// The run is stored for itself and for its --verify-only form.
	entries, _ := filepath.Glob(filepath.Join(w.c.runs, "*"))
	if len(entries) != 2 {
		t.Fatalf("%d entries, want 2", len(entries))
	}
	good := map[string][]byte{}
	for _, e := range entries {
		good[e], _ = os.ReadFile(e)
	}
	damages := map[string]func(entry string, good []byte){
		"truncated": func(entry string, good []byte) { os.WriteFile(entry, good[:len(good)/3], 0o600) },
		"emptied":   func(entry string, good []byte) { os.WriteFile(entry, nil, 0o600) },
		"bit flipped": func(entry string, good []byte) {
			b := bytes.Clone(good)
			b[len(b)/2] ^= 1
			os.WriteFile(entry, b, 0o600)
		},
		"sum flipped": func(entry string, good []byte) {
			b := bytes.Clone(good)
			b[len(b)-1] ^= 1
			os.WriteFile(entry, b, 0o600)
		},
		"a directory":  func(entry string, good []byte) { os.Remove(entry); os.Mkdir(entry, 0o700) },
		"garbage only": func(entry string, good []byte) { os.Remove(entry); os.WriteFile(entry, []byte("{}\n{}"), 0o600) },
	}
	for name, damage := range damages {
		for _, e := range entries {
			damage(e, good[e])
		}
		// Garbage beside the entries too.
		os.WriteFile(filepath.Join(w.c.runs, ".entry-999"), []byte("partial"), 0o600)
		os.WriteFile(filepath.Join(w.c.runs, "not-a-key"), []byte("\x00\xff"), 0o600)
		w.both(func(dir string) { edit(t, filepath.Join(dir, "app/api/types.go"), "Count int", "Count int // "+name) })
		w.step(t, "entry "+name, false)
		for _, e := range entries {
			os.RemoveAll(e)
		}
		w.step(t, "entry "+name+", after", false)
		w.step(t, "entry "+name+", again", true)
	}
	// A cache directory that cannot hold entries costs only the cache.
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, []byte("x"), 0o600)
	t.Setenv("APIGEN_CACHE", file)
	w.both(func(dir string) { edit(t, filepath.Join(dir, "app/api/types.go"), "Count int", "Count int // file") })
	w.step(t, "the cache is a file", false)
	w.step(t, "the cache is a file, again", false)
}

// TestRunCachePipeArgument: a header read from a shell's <(command) cannot
// be known before the run, so such a run is never replayed.
func TestRunCachePipeArgument(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/cache/replace")
	dir := refmodtest.CopyDir(t, src)
	c := newRunCache(t)
	for i, header := range []string{"// One.\n\n", "// Two.\n\n"} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		go func() { w.WriteString(header); w.Close() }()
		res := apigen("generate", "-C", filepath.Join(dir, "app"), "--generators", "deepcopy", "--go-header-file", "/dev/fd/"+strconv.Itoa(int(r.Fd())), "./...")
		r.Close()
		if res.code != 0 {
			t.Fatalf("run %d: %+v", i, res)
		}
		c.expectReplay(t, false, "a run reading a pipe")
		got, _ := os.ReadFile(filepath.Join(dir, "app/api/zz_generated.deepcopy.go"))
		if !bytes.Contains(got, []byte(header)) {
			t.Errorf("run %d wrote a header other than %q:\n%s", i, header, refmodtest.FirstLines(got, []byte(header)))
		}
	}
}

// buildApigen builds the apigen command into dir with the given build ID.
func buildApigen(t *testing.T, dir, id string) string {
	t.Helper()
	bin := filepath.Join(dir, "apigen")
	cmd := exec.Command("go", "build", "-ldflags=-buildid="+id, "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// exe runs an apigen binary in dir with the cache's environment.
func exe(t *testing.T, bin, dir string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{code, stdout.String(), stderr.String()}
}

// TestRunCacheBinaryIdentity runs a built apigen, then another build at
// the same path: a new build, the same build touched (as go install
// touches an up-to-date binary: it still replays), and a binary replaced
// by one of the same size and modification time.
func TestRunCacheBinaryIdentity(t *testing.T) {
	if testing.Short() {
		t.Skip("builds apigen; skipped with -short")
	}
	c := newRunCache(t)
	src, _ := filepath.Abs("../../testdata/cache/replace")
	app := filepath.Join(refmodtest.CopyDir(t, src), "app")
	bin := buildApigen(t, t.TempDir(), "apigen-cache-test-first")
	args := []string{"generate", "--generators", "deepcopy", "./..."}
	runs := func(what string, wantReplay bool) {
		t.Helper()
		if r := exe(t, bin, app, args...); r.code != 0 {
			t.Fatalf("%s: %+v", what, r)
		}
		c.expectReplay(t, wantReplay, what)
	}
	runs("first run", false)
	runs("second run", true)

	other := buildApigen(t, t.TempDir(), "apigen-cache-test-other")
	if err := os.Rename(other, bin); err != nil {
		t.Fatal(err)
	}
	runs("another build", false)
	runs("another build, again", true)

	now := time.Now()
	os.Chtimes(bin, now, now)
	runs("the binary touched", true)

	// Same size, same modification time, other bytes (in the build ID).
	b, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(b, []byte("apigen-cache-test-other"))
	if i < 0 {
		t.Fatal("no build ID in the binary")
	}
	copy(b[i:], "OTHER")
	fi, _ := os.Stat(bin)
	tmp := bin + ".new"
	if err := os.WriteFile(tmp, b, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(tmp, fi.ModTime(), fi.ModTime())
	if err := os.Rename(tmp, bin); err != nil {
		t.Fatal(err)
	}
	runs("a binary of the same size and time", false)
}

// TestRunCacheSession runs two commands through one session. The second
// is served from the session's load after a file of a replaced module
// changed, which the session does not notice: the run it serves must not
// be stored, and the same command run later must write what a run without
// the cache writes.
func TestRunCacheSession(t *testing.T) {
	if testing.Short() {
		t.Skip("builds apigen; skipped with -short")
	}
	c := newRunCache(t)
	t.Setenv("APIGEN_SESSION_IDLE", "3s")
	src, _ := filepath.Abs("../../testdata/cache/replace")
	root := refmodtest.CopyDir(t, src)
	plain := refmodtest.CopyDir(t, src)
	app := filepath.Join(root, "app")
	bin := buildApigen(t, t.TempDir(), "session")
	session := filepath.Join(t.TempDir(), "s")
	if err := os.Mkdir(session, 0o700); err != nil {
		t.Fatal(err)
	}
	// Patterns with "..." are never served: name the package.
	first := exec.Command(bin, "generate", "--session", session, "--generators", "deepcopy", "./api")
	first.Dir = app
	// As kube_codegen.sh does: the status arrives on a pipe while the
	// process goes on serving.
	status, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	first.ExtraFiles = []*os.File{w}
	first.Env = append(os.Environ(), "APIGEN_STATUS_FD=3")
	if err := first.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	got, err := io.ReadAll(status)
	if err != nil || string(got) != "0\n" {
		t.Fatalf("the session's first run reported %q (%v), want exit status 0", got, err)
	}
	defer first.Wait()
	c.explain(t)

	time.Sleep(20 * time.Millisecond)
	edit(t, filepath.Join(root, "dep/thing.go"), "N int", "N int\n\tP *int")
	edit(t, filepath.Join(plain, "dep/thing.go"), "N int", "N int\n\tP *int")
	second := []string{"generate", "--generators", "deepcopy", "--deepcopy-output-file", "zz_generated.second.go", "./api"}
	stale := func() string { b, _ := os.ReadFile(filepath.Join(app, "api/zz_generated.second.go")); return string(b) }
	if r := exe(t, bin, app, append([]string{second[0], "--session", session}, second[1:]...)...); r.code != 0 {
		t.Fatalf("served run: %+v", r)
	}
	// The session serves from its load; what it served must not be stored.
	if log := c.explain(t); strings.Contains(stale(), "out.Thing = in.Thing") && !strings.Contains(log, "not stored") {
		t.Errorf("the served run over a stale load was stored; the cache said:\n%s", log)
	}
	exe(t, bin, app, second...)
	c.expectReplay(t, false, "the command after the session")
	if r := uncached(t, append([]string{second[0], "-C", filepath.Join(plain, "app")}, second[1:]...)...); r.code != 0 {
		t.Fatalf("plain run: %+v", r)
	}
	gen := "app/api/zz_generated.second.go"
	if got, want := refmodtest.Files(t, root)[gen], refmodtest.Files(t, plain)[gen]; got != want {
		t.Errorf("%s after the session:\n%s", gen, refmodtest.FirstLines([]byte(got), []byte(want)))
	}
}

// TestRunCacheFreshReport gives every run a new empty report file, as
// kube_codegen.sh's mktemp does: a replay must fill it as the run did.
func TestRunCacheFreshReport(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/cache/bump")
	dir := refmodtest.CopyDir(t, src)
	c := newRunCache(t)
	var want string
	for i := 0; i < 3; i++ {
		report := filepath.Join(t.TempDir(), "report")
		writeFile(t, report, "")
		args := []string{"generate", "-C", dir, "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"),
			"--generators", "openapi", "--openapi-output-dir", "generated/openapi",
			"--openapi-output-pkg", "example.com/bump/generated/openapi", "--openapi-report-filename", report, "./api"}
		if r := apigen(args...); r.code != 0 {
			t.Fatalf("run %d: %+v", i, r)
		}
		c.expectReplay(t, i > 0, "run "+strconv.Itoa(i))
		got, _ := os.ReadFile(report)
		if i == 0 {
			want = string(got)
			if want == "" {
				t.Fatal("the fixture has no API rule violations")
			}
		} else if string(got) != want {
			t.Errorf("run %d reported:\n%s\nwant:\n%s", i, got, want)
		}
	}
}

// TestRunCacheVendor edits a vendored copy of k8s.io/apimachinery: the
// descriptions openapi takes from it change.
func TestRunCacheVendor(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/cache/bump")
	w := twin{cached: refmodtest.CopyDir(t, src), plain: refmodtest.CopyDir(t, src), c: newRunCache(t)}
	w.both(func(dir string) {
		cmd := exec.Command("go", "mod", "vendor")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go mod vendor: %v\n%s", err, out)
		}
	})
	w.args = func(dir string) []string {
		return []string{"generate", "-C", dir, "--go-header-file", filepath.Join(dir, "hack/boilerplate.go.txt"),
			"--generators", "openapi", "--openapi-output-dir", "generated/openapi",
			"--openapi-output-pkg", "example.com/bump/generated/openapi", "--openapi-report-filename", "report.list",
			"./api", "k8s.io/apimachinery/pkg/apis/meta/v1"}
	}
	w.step(t, "first run", false)
	w.step(t, "second run", true)
	before := refmodtest.Files(t, w.cached)
	w.both(func(dir string) {
		edit(t, filepath.Join(dir, "vendor/k8s.io/apimachinery/pkg/apis/meta/v1/types.go"), "Standard object's metadata", "The object's metadata")
	})
	w.step(t, "a vendored file edited", false)
	expectChanged(t, before, refmodtest.Files(t, w.cached), "a vendored file edited")
	w.step(t, "the run after", true)
}

// TestRunCacheGoWorkEnv: a workspace file that GOWORK names, outside the
// module's directories, is an input too.
func TestRunCacheGoWorkEnv(t *testing.T) {
	src, _ := filepath.Abs("../../testdata/cache/replace")
	root := refmodtest.CopyDir(t, src)
	c := newRunCache(t)
	work := filepath.Join(t.TempDir(), "go.work")
	writeFile(t, work, "go 1.26.0\n\nuse (\n\t"+filepath.Join(root, "app")+"\n\t"+filepath.Join(root, "dep")+"\n)\n")
	t.Setenv("GOWORK", work)
	args := []string{"generate", "-C", filepath.Join(root, "app"), "--generators", "deepcopy", "./..."}
	for i, want := range []bool{false, true} {
		if r := apigen(args...); r.code != 0 {
			t.Fatalf("run %d: %+v", i, r)
		}
		c.expectReplay(t, want, "run "+strconv.Itoa(i))
	}
	writeFile(t, work, "go 1.26.0\n\nuse "+filepath.Join(root, "app")+"\n\nreplace example.com/dep => "+filepath.Join(root, "dep")+"\n")
	if r := apigen(args...); r.code != 0 {
		t.Fatalf("run after the edit: %+v", r)
	}
	c.expectReplay(t, false, "the workspace file edited")
}

// TestCacheClean: apigen cache clean empties the run entries, the kept
// outputs and the type cache.
func TestCacheClean(t *testing.T) {
	root := t.TempDir()
	t.Setenv("APIGEN_CACHE", root)
	dirs := []string{cache.Dir(), cache.OutputsDir(), load.TypeCacheDir()}
	for _, d := range dirs {
		writeFileAll(t, filepath.Join(d, "entry"), "x")
	}
	if r := apigen("cache", "clean"); r.code != 0 {
		t.Fatalf("apigen cache clean: %+v", r)
	}
	for _, d := range dirs {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v)", d, err)
		}
	}
}

func writeFileAll(t *testing.T, file, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, file, data)
}

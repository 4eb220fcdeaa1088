package output

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
)

func TestDiff(t *testing.T) {
	a := "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n"
	b := "one\ntwo\nthree\nFOUR\nfive\nsix\nseven\neight\nnine\n"
	want := `--- a
+++ b
@@ -1,8 +1,9 @@
 one
 two
 three
-four
+FOUR
 five
 six
 seven
 eight
+nine
`
	if got := Diff("a", "b", a, b); got != want {
		t.Errorf("Diff:\n%s\nwant:\n%s", got, want)
	}
	if Diff("a", "b", a, a) != "" {
		t.Error("Diff of equal texts is not empty")
	}
}

func TestDiffSeparateHunks(t *testing.T) {
	var a, b []string
	for i := range 30 {
		a = append(a, strconv.Itoa(i))
		b = append(b, strconv.Itoa(i))
	}
	b[2], b[25] = "x", "y"
	got := Diff("a", "b", strings.Join(a, "\n")+"\n", strings.Join(b, "\n")+"\n")
	if n := strings.Count(got, "@@ -"); n != 2 {
		t.Errorf("want 2 hunks, got %d:\n%s", n, got)
	}
	if !strings.Contains(got, "@@ -1,6 +1,6 @@") || !strings.Contains(got, "@@ -23,7 +23,7 @@") {
		t.Errorf("unexpected hunk headers:\n%s", got)
	}
}

func TestWriteIsAtomicAndSkipsUnchanged(t *testing.T) {
	dir := t.TempDir()
	same := filepath.Join(dir, "same.go")
	os.WriteFile(same, []byte("x"), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(same, old, old)
	files := []File{{Path: same, Data: []byte("x")}, {Path: filepath.Join(dir, "sub", "new.go"), Data: []byte("y")}}
	if err := Write(files, nil, io.Discard); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(same); !fi.ModTime().Equal(old) {
		t.Error("an unchanged file was rewritten")
	}
	if b, _ := os.ReadFile(files[1].Path); string(b) != "y" {
		t.Errorf("new file holds %q", b)
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "sub"))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}

	// A file that cannot be written leaves every other file as it was.
	blocker := filepath.Join(dir, "blocker")
	os.WriteFile(blocker, nil, 0o644)
	err := Write([]File{{Path: same, Data: []byte("changed")}, {Path: filepath.Join(blocker, "x.go"), Data: []byte("z")}}, []string{files[1].Path}, io.Discard)
	if err == nil {
		t.Fatal("Write into a path below a file succeeded")
	}
	if b, _ := os.ReadFile(same); string(b) != "x" {
		t.Errorf("a failed Write changed %s to %q", same, b)
	}
	if _, err := os.Stat(files[1].Path); err != nil {
		t.Errorf("a failed Write removed a stale path: %v", err)
	}
	if temps, _ := filepath.Glob(filepath.Join(dir, ".*")); len(temps) != 0 {
		t.Errorf("a failed Write left temporary files: %v", temps)
	}

	// A successful one removes the stale paths.
	if err := Write([]File{{Path: same, Data: []byte("changed")}}, []string{files[1].Path, filepath.Join(dir, "gone.go")}, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(files[1].Path); !os.IsNotExist(err) {
		t.Errorf("a stale path survived a successful Write: %v", err)
	}
}

// crashEnv tells a child test process where to write and after how many
// renames to die.
const crashEnv = "APIGEN_OUTPUT_TEST_CRASH"

// TestInterruptedWrite kills a writing process part-way through its renames,
// as a crash would. The next Verify says the tree is unfinished, and the
// next Write says so too, repairs the tree and leaves no temporary file.
func TestInterruptedWrite(t *testing.T) {
	if spec := os.Getenv(crashEnv); spec != "" {
		crashingWrite(spec)
		return
	}
	dir := t.TempDir()
	files := crashFiles(dir)
	for _, f := range files {
		os.WriteFile(f.Path, []byte("old\n"), 0o644)
	}
	child := exec.Command(os.Args[0], "-test.run=^TestInterruptedWrite$")
	child.Env = append(os.Environ(), crashEnv+"="+dir+"|2")
	if out, err := child.CombinedOutput(); err == nil || child.ProcessState.ExitCode() != 3 {
		t.Fatalf("the writing child did not die as told: %v\n%s", err, out)
	}
	var fresh, temps int
	for _, f := range files {
		if b, _ := os.ReadFile(f.Path); string(b) == "new\n" {
			fresh++
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	temps = len(left)
	if fresh != 2 || temps != len(files)-2 {
		t.Fatalf("after the crash: %d new files and %d temporary files; want 2 and %d", fresh, temps, len(files)-2)
	}

	var report bytes.Buffer
	if ok, err := Verify(files, nil, &report); ok || err != nil || !strings.Contains(report.String(), "interrupted: ") {
		t.Errorf("Verify after the crash = %v, %v:\n%s", ok, err, report.String())
	}

	var log bytes.Buffer
	if err := Write(files, nil, &log); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "interrupted") {
		t.Errorf("the repairing Write did not say an earlier run was interrupted: %q", log.String())
	}
	for _, f := range files {
		if b, _ := os.ReadFile(f.Path); string(b) != "new\n" {
			t.Errorf("%s holds %q after the repair", f.Path, b)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("temporary files left after the repair: %v", left)
	}
}

func crashFiles(dir string) []File {
	var files []File
	for _, n := range []string{"a", "b", "c", "d", "e"} {
		files = append(files, File{Path: filepath.Join(dir, n+".go"), Data: []byte("new\n")})
	}
	return files
}

// crashingWrite is the child: it writes and exits with status 3 after the
// given number of renames, running no cleanup, as a killed process.
func crashingWrite(spec string) {
	dir, n, _ := strings.Cut(spec, "|")
	after, _ := strconv.Atoi(n)
	afterRename = func(i int) {
		if i+1 == after {
			os.Exit(3)
		}
	}
	Write(crashFiles(dir), nil, io.Discard)
	os.Exit(0)
}

func TestVerify(t *testing.T) {
	dir := t.TempDir()
	ok1, stale, missing, extra := filepath.Join(dir, "ok.go"), filepath.Join(dir, "stale.go"), filepath.Join(dir, "missing.go"), filepath.Join(dir, "extra.go")
	os.WriteFile(ok1, []byte("a\n"), 0o644)
	os.WriteFile(stale, []byte("old\n"), 0o644)
	os.WriteFile(extra, []byte("e\n"), 0o644)
	var out bytes.Buffer
	good, err := Verify([]File{{Path: ok1, Data: []byte("a\n")}, {Path: stale, Data: []byte("new\n")}, {Path: missing, Data: []byte("m\n")}}, []string{ok1, stale, missing, extra}, &out)
	if err != nil || good {
		t.Fatalf("Verify = %v, %v", good, err)
	}
	for _, want := range []string{"stale: " + stale, "-old", "+new", "missing: " + missing, "extra: " + extra} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "ok.go") {
		t.Errorf("up-to-date file reported:\n%s", out.String())
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("Verify wrote a file")
	}
}

func TestGoFile(t *testing.T) {
	g := NewGoFile("example.com/p")
	g.Header = Header{Boilerplate: []byte("/* H */\n"), BuildTag: "ignore_autogenerated"}
	g.Tool = "x-gen"
	g.Package = "p"
	for _, l := range []string{`b "example.com/b"`, `fmt "fmt"`, `a "example.com/a"`} {
		g.Import(l)
	}
	g.Printf("func F() { fmt.Println(a.X, b.Y) }\n")
	got, err := g.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	want := `//go:build !ignore_autogenerated
// +build !ignore_autogenerated

/* H */

// Code generated by x-gen. DO NOT EDIT.

package p

import (
	fmt "fmt"

	a "example.com/a"
	b "example.com/b"
)

func F() { fmt.Println(a.X, b.Y) }
`
	if string(got) != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestReadHeaderYear(t *testing.T) {
	p := filepath.Join(t.TempDir(), "h.txt")
	os.WriteFile(p, []byte("Copyright YEAR Someone\n"), 0o644)
	b, err := ReadHeader(p)
	want := "Copyright " + strconv.Itoa(time.Now().UTC().Year()) + " Someone\n"
	if err != nil || string(b) != want {
		t.Errorf("ReadHeader = %q, %v; want %q", b, err, want)
	}
}

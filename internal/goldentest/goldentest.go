// Package goldentest runs a generator over a small input package and
// compares what it writes with golden files that upstream's tool wrote
// over the same input with the same flags.
//
// A case's input is testdata/<case>/ beside the test, or a shared input
// of this package's testdata (Case.Input) with the case's own files laid
// over it; its goldens are testdata/golden/<case>/ beside the test, one
// file per written file, named by its path below the input with ".golden"
// added. The test copies the input, with apigen's go.mod and go.sum, into
// a temporary module whose import paths are the repository's, and runs
// ours there in process. With -update it
// runs upstream's tool instead (built by package upstream from the module
// proxy) and rewrites the goldens from what that wrote: a golden is never
// our own output.
package goldentest

import (
	"bytes"
	"flag"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/internal/refmodtest"
	"github.com/apigen-dev/apigen/internal/upstream"
)

var update = flag.Bool("update", false, "rewrite the goldens by running upstream's tool (needs the module proxy)")

// Module is the import path of the repository's module.
const Module = "github.com/apigen-dev/apigen"

// sharedDir holds the shared inputs, as a slash path from the module root.
const sharedDir = "internal/goldentest/testdata"

// Header is the file every case may pass as its boilerplate header; the
// harness writes it at the temporary module's root.
const Header = "boilerplate.go.txt"

const headerText = "/*\nCopyright The Golden Authors.\n*/\n\n"

// Command runs one of our commands in process: arguments in, exit status out.
type Command func(args []string, stdout, stderr io.Writer) int

// Case is one golden test.
type Case struct {
	// Name is the case: its goldens are testdata/golden/<Name>/, and its
	// input testdata/<Name>/, both beside the test.
	Name string
	// Input, when set, names a shared input, internal/goldentest/testdata/
	// <Input>/, which the case runs at that path instead. Files of the
	// case's testdata/<Name>/, if any, are laid over it, adding or
	// replacing files of the same path.
	Input string
	// Tool is upstream's command, such as "deepcopy-gen". It runs in
	// UpstreamEnv: run as root against the real module cache, a tool that
	// writes into the packages it depends on would change that cache.
	Tool string
	// Args are the command line, run at the module root. In each, {dir}
	// is the input's path from the root and {pkg} its import path.
	Args []string
	// UpstreamArgs, when set, are upstream's command line for what Args
	// ask of ours, for a tool whose flags apigen spells differently.
	UpstreamArgs []string
	// Upstream, when set, runs upstream in place of Tool, in the temporary
	// module root with the input at rel: for a tool package upstream does
	// not build.
	Upstream func(t *testing.T, root, rel string)
	// Ours is our command.
	Ours Command
}

// Run runs c: ours against the goldens, or, with -update, upstream's
// tool to rewrite them.
func Run(t *testing.T, c Case) {
	t.Helper()
	t.Setenv("APIGEN_CACHE", "off")
	root, own := layout(t, c.Name)
	goldens := filepath.Join(root, filepath.FromSlash(own), "..", "golden", c.Name)
	rel := own
	if c.Input != "" {
		rel = sharedDir + "/" + c.Input
	}
	args := expand(c.Args, rel)
	upArgs := args
	if c.UpstreamArgs != nil {
		upArgs = expand(c.UpstreamArgs, rel)
	}
	tmp := copyInput(t, root, rel)
	if c.Input != "" {
		overlay(t, filepath.Join(root, filepath.FromSlash(own)), filepath.Join(tmp, filepath.FromSlash(rel)))
	}
	before := files(t, filepath.Join(tmp, rel))
	if *update {
		if c.Upstream != nil {
			c.Upstream(t, tmp, rel)
		} else {
			runUpstream(t, tmp, c.Tool, upArgs)
		}
	} else {
		runOurs(t, tmp, c.Ours, args)
	}
	got := written(before, files(t, filepath.Join(tmp, rel)))
	if *update {
		writeGoldens(t, goldens, got)
		return
	}
	compare(t, got, files(t, goldens))
}

// layout returns the module root and the input's slash path from it.
func layout(t *testing.T, name string) (root, rel string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for root = wd; ; root = filepath.Dir(root) {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		if filepath.Dir(root) == root {
			t.Fatal("no go.mod above " + wd)
		}
	}
	r, err := filepath.Rel(root, filepath.Join(wd, "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return root, filepath.ToSlash(r)
}

func expand(args []string, rel string) []string {
	r := strings.NewReplacer("{dir}", rel, "{pkg}", Module+"/"+rel)
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = r.Replace(a)
	}
	return out
}

// copyInput makes the temporary module: go.mod, go.sum, the header and
// the input at its path in the repository.
func copyInput(t *testing.T, root, rel string) string {
	t.Helper()
	tmp := t.TempDir()
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(tmp, f), b)
	}
	write(t, filepath.Join(tmp, Header), []byte(headerText))
	dst := filepath.Join(tmp, filepath.FromSlash(rel))
	if err := os.CopyFS(dst, os.DirFS(filepath.Join(root, filepath.FromSlash(rel)))); err != nil {
		t.Fatal(err)
	}
	return tmp
}

// overlay copies the files below src, if it exists, to the same paths
// below dst, replacing any there.
func overlay(t *testing.T, src, dst string) {
	t.Helper()
	for name, b := range files(t, src) {
		write(t, filepath.Join(dst, filepath.FromSlash(name)), b)
	}
}

func runOurs(t *testing.T, dir string, ours Command, args []string) {
	t.Helper()
	t.Chdir(dir)
	var stderr bytes.Buffer
	if code := ours(args, io.Discard, &stderr); code != 0 {
		t.Fatalf("ours exited %d:\n%s", code, stderr.String())
	}
}

// RunTool runs upstream's tool, built from the module proxy, in dir: for
// a case's Upstream func.
func RunTool(t *testing.T, dir, tool string, args ...string) {
	t.Helper()
	runUpstream(t, dir, tool, args)
}

func runUpstream(t *testing.T, dir, tool string, args []string) {
	t.Helper()
	bin := installed(t, tool)
	cmd := exec.Command(filepath.Join(bin, tool), args...)
	cmd.Dir = dir
	cmd.Env = UpstreamEnv(t)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("upstream %s %v: %v\n%s", tool, args, err, out)
	}
}

// UpstreamEnv is the environment to run upstream's tools and programs in.
// Their module cache is a private one below t.TempDir(), filled from the
// downloads of the real one (then the proxy): a tool that writes into the
// packages it reads (openapi-gen's model name files of its dependencies,
// go-to-protobuf's) changes only that copy.
func UpstreamEnv(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	downloads := filepath.Join(strings.TrimSpace(string(out)), "cache", "download")
	return append(os.Environ(), "GOMODCACHE="+filepath.Join(t.TempDir(), "mod"),
		"GOPROXY=file://"+filepath.ToSlash(downloads)+",https://proxy.golang.org", "GOFLAGS=-mod=mod -modcacherw", "GOWORK=off")
}

// bins holds each upstream tool built in this process, by name.
var bins sync.Map

// installed returns the directory of upstream's tool, building it once a
// process into a directory the test leaves behind for the next case.
func installed(t *testing.T, tool string) string {
	t.Helper()
	if dir, ok := bins.Load(tool); ok {
		return dir.(string)
	}
	dir, err := os.MkdirTemp("", "goldentest-"+tool)
	if err == nil {
		err = upstream.Install(dir, tool)
	}
	if err != nil {
		t.Fatal(err)
	}
	bins.Store(tool, dir)
	return dir
}

// files returns the files below dir by slash path; none when dir is absent.
func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

// written returns the files of after that are new or changed since before,
// each named as its golden is.
func written(before, after map[string][]byte) map[string][]byte {
	out := map[string][]byte{}
	for name, b := range after {
		if old, ok := before[name]; !ok || !bytes.Equal(old, b) {
			out[name+".golden"] = b
		}
	}
	return out
}

func writeGoldens(t *testing.T, dir string, got map[string][]byte) {
	t.Helper()
	if len(got) == 0 {
		t.Fatal("upstream wrote nothing")
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	for name, b := range got {
		write(t, filepath.Join(dir, filepath.FromSlash(name)), b)
	}
}

func compare(t *testing.T, got, want map[string][]byte) {
	t.Helper()
	if len(want) == 0 {
		t.Fatal("no goldens: run the test with -update")
	}
	for name, w := range want {
		g, ok := got[name]
		switch {
		case !ok:
			t.Errorf("%s: upstream writes it, ours does not", strings.TrimSuffix(name, ".golden"))
		case !bytes.Equal(g, w):
			t.Errorf("%s differs from upstream's:\n%s", strings.TrimSuffix(name, ".golden"), refmodtest.FirstLines(g, w))
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: ours writes it, upstream does not", strings.TrimSuffix(name, ".golden"))
		}
	}
}

func write(t *testing.T, file string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Spec returns our command of spec, as its upstream-named command runs it.
func Spec(spec *cli.Spec) Command {
	return func(args []string, stdout, stderr io.Writer) int {
		return cli.Command(args, stdout, stderr, spec)
	}
}

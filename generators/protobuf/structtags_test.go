package protobuf_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/protobuf"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

func TestMain(m *testing.M) {
	if os.Getenv(fakeProtocEnv) != "" {
		if err := fakeProtoc(os.Args[1:]); err != nil {
			fmt.Fprintln(os.Stderr, "protoc:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fixtureModule is the module of the fixtures under testdata/protobuf.
const fixtureModule = "protobuf.example"

// gopathCopy copies the fixtures to <root>/src/protobuf.example, where
// upstream's protoc step finds a package's generated.proto: under
// --output-dir (<root>/src), at its import path. It returns the module's
// directory.
func gopathCopy(t *testing.T) (src, module string) {
	t.Helper()
	src = filepath.Join(t.TempDir(), "src")
	module = filepath.Join(src, fixtureModule)
	if err := os.CopyFS(module, os.DirFS("../../testdata/protobuf")); err != nil {
		t.Fatal(err)
	}
	return src, module
}

// fixtureGenerator is go-to-protobuf over one fixture package, without
// apimachinery's packages, which the fixtures do not use.
func fixtureGenerator(pkg string) *protobuf.Generator {
	g := protobuf.New()
	g.APIMachineryPackages = nil
	g.Packages = []string{fixtureModule + "/" + pkg}
	return g
}

// TestStructTags compares the Go sources apigen gives missing protobuf
// tags with those of upstream's full run (protoc, protoc-gen-gogo, the
// rewrite of its output, goimports, then the tags). Upstream takes each
// tag from the Go struct gogo generates, so the run needs protoc: the test
// binary stands in for it, compiling with protocompile and running the
// real protoc-gen-gogo v0.37.2.
func TestStructTags(t *testing.T) {
	if testing.Short() {
		t.Skip("builds upstream's tool from the module proxy")
	}
	_, ours := gopathCopy(t)
	g := fixtureGenerator("tags")
	var stderr bytes.Buffer
	opts := engine.Options{Dir: ours, Patterns: g.Packages, Stdout: io.Discard, Stderr: &stderr}
	if code := engine.Run(opts, g.Engine()); code != 0 {
		t.Fatalf("exit status %d:\n%s", code, stderr.String())
	}
	src, theirs := gopathCopy(t)
	runUpstreamFull(t, src, theirs, g.Packages[0])
	for _, name := range []string{"types.go", "other.go", "doc.go", "generated.proto"} {
		got := readFile(t, filepath.Join(ours, "tags", name))
		if want := readFile(t, filepath.Join(theirs, "tags", name)); !bytes.Equal(got, want) {
			t.Errorf("tags/%s differs from upstream's:\n%s", name, refmodtest.FirstLines(got, want))
		}
	}
	for _, name := range []string{"types.go", "other.go"} {
		if bytes.Equal(readFile(t, filepath.Join(ours, "tags", name)), readFile(t, filepath.Join("../../testdata/protobuf/tags", name))) {
			t.Errorf("tags/%s gained no tag", name)
		}
	}
}

func readFile(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// runUpstreamFull runs upstream's go-to-protobuf over pkg in module, with
// --output-dir src, as far as it goes: protoc and the struct tags.
func runUpstreamFull(t *testing.T, src, module, pkg string) {
	t.Helper()
	bin := refmodtest.InstallUpstream(t, "go-to-protobuf", "go-to-protobuf/protoc-gen-gogo")
	installGoimports(t, bin)
	writeFakeProtoc(t, bin)
	cmd := exec.Command(filepath.Join(bin, "go-to-protobuf"),
		"--apimachinery-packages=", "--packages="+pkg, "--output-dir="+src,
		"--proto-import="+gogoImports(t))
	cmd.Dir = module
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+goBin(t)+string(os.PathListSeparator)+os.Getenv("PATH"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("upstream go-to-protobuf: %v\n%s", err, out)
	}
}

// writeFakeProtoc puts a protoc into bin that runs this test binary as one.
func writeFakeProtoc(t *testing.T, bin string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	script := fmt.Sprintf("#!/bin/sh\n%s=1 exec %q \"$@\"\n", fakeProtocEnv, exe)
	if err := os.WriteFile(filepath.Join(bin, "protoc"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

// installGoimports builds goimports, which upstream runs on its output,
// into bin.
func installGoimports(t *testing.T, bin string) {
	t.Helper()
	cmd := exec.Command("go", "install", "golang.org/x/tools/cmd/goimports@v0.47.0")
	cmd.Dir = bin
	cmd.Env = append(os.Environ(), "GOBIN="+bin, "GOFLAGS=", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("installing goimports: %v\n%s", err, out)
	}
}

// goBin is the directory of the go command and gofmt.
func goBin(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "bin")
}

// gogoImports returns a directory holding gogo.proto at the path the IDL
// imports it by, as Kubernetes' vendor directory does.
func gogoImports(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, "github.com/gogo/protobuf/gogoproto/gogo.proto")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	gogo := readFile(t, filepath.Join(refmodtest.Download(t, "github.com/gogo/protobuf@v1.3.2"), "gogoproto/gogo.proto"))
	if err := os.WriteFile(p, gogo, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

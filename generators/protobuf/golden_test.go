package protobuf_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apigen-dev/apigen/generators/protobuf"
	"github.com/apigen-dev/apigen/internal/goldentest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// reference lists the apimachinery packages as go-to-protobuf's default
// --apimachinery-packages does, each with a leading '-': read, not written.
var reference = strings.Join([]string{
	"-k8s.io/apimachinery/pkg/util/intstr", "-k8s.io/apimachinery/pkg/api/resource",
	"-k8s.io/apimachinery/pkg/runtime/schema", "-k8s.io/apimachinery/pkg/runtime",
	"-k8s.io/apimachinery/pkg/apis/meta/v1",
}, ",")

// TestGolden compares pass one (--only-idl: generated.proto) with upstream
// go-to-protobuf's. Upstream writes into every package it is given that is
// not marked '-', so the dependencies are all marked; and it runs, as every
// upstream tool here, against a private module cache (UpstreamEnv): were it
// to write into a dependency, only that copy would change.
func TestGolden(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:  "basic",
		Input: "basic",
		Tool:  "go-to-protobuf",
		Args: []string{"--only-idl", "--go-header-file", goldentest.Header, "--packages", "{pkg}/example/v1",
			"--apimachinery-packages", reference},
		// --output-dir is where protoc would write, outside the input.
		UpstreamArgs: []string{"--only-idl", "--go-header-file", goldentest.Header, "--output-dir", "protoc-out",
			"--packages", "{pkg}/example/v1", "--apimachinery-packages", reference},
		Ours: goldentest.Spec(protobuf.Spec),
	})
}

// TestGoldenFull compares the full run with upstream's: generated.proto
// without gogo's options, generated.pb.go, and the Go sources upstream
// gives protobuf struct tags. Ours needs no protoc; upstream's goldens come
// from protoc, upstream's protoc-gen-gogo and goimports (see upstreamFull).
//
// The shared input has no field named Size: gogo would name it Size_,
// beside its Size method, and upstream would write a generated.pb.go that
// does not compile, which ours refuses (see
// testdata/protobuf/diagnostics/golden/gofields.txt).
func TestGoldenFull(t *testing.T) {
	goldentest.Run(t, goldentest.Case{
		Name:     "full",
		Input:    "basic",
		Args:     []string{"--go-header-file", goldentest.Header, "--packages", "{pkg}/example/v1", "--apimachinery-packages", reference},
		Upstream: upstreamFull,
		Ours:     goldentest.Spec(protobuf.Spec),
	})
}

// upstreamFull runs upstream's go-to-protobuf over the input at rel below
// the temporary module root, all the way: protoc, the rewrite of gogo's
// Go file, goimports and the struct tags. Upstream hands protoc
// <output-dir>/<import path>/generated.proto and writes generated.pb.go
// and the tags there, so --output-dir is a GOPATH-shaped tree whose
// module path links to root. Its --proto-import tree links apimachinery's
// and gogo's .proto files from the private module cache upstream runs
// against (UpstreamEnv), never from the real one.
func upstreamFull(t *testing.T, root, rel string) {
	protoc, err := exec.LookPath("protoc")
	if err != nil {
		t.Fatalf("upstream's full run needs protoc on PATH (Debian: apt-get install protobuf-compiler): %v", err)
	}
	if out, err := exec.Command(protoc, "--version").CombinedOutput(); err == nil {
		t.Logf("protoc: %s", bytes.TrimSpace(out))
	}
	bin := refmodtest.InstallUpstream(t, "go-to-protobuf", "go-to-protobuf/protoc-gen-gogo")
	installGoimports(t, bin)
	env := goldentest.UpstreamEnv(t)

	gopath := t.TempDir()
	link(t, root, filepath.Join(gopath, filepath.FromSlash(goldentest.Module)))
	imports := t.TempDir()
	// Resolved in root, apimachinery is at go.mod's version.
	link(t, privateModule(t, env, root, "k8s.io/apimachinery"), filepath.Join(imports, "k8s.io", "apimachinery"))
	link(t, privateModule(t, env, t.TempDir(), "github.com/gogo/protobuf@v1.3.2"), filepath.Join(imports, "github.com", "gogo", "protobuf"))

	cmd := exec.Command(filepath.Join(bin, "go-to-protobuf"), "--go-header-file", goldentest.Header,
		"--output-dir", gopath, "--proto-import", imports,
		"--packages", goldentest.Module+"/"+rel+"/example/v1", "--apimachinery-packages", reference)
	cmd.Dir = root
	cmd.Env = append(env, "PATH="+strings.Join([]string{bin, goBin(t), os.Getenv("PATH")}, string(os.PathListSeparator)))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("upstream go-to-protobuf: %v\n%s", err, out)
	}
}

// privateModule downloads module into the module cache of env, from dir,
// and returns its directory there.
func privateModule(t *testing.T, env []string, dir, module string) string {
	t.Helper()
	cmd := exec.Command("go", "mod", "download", "-json", module)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.Output()
	var info struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &info); info.Dir == "" {
		t.Fatalf("go mod download %s: %s %v %v", module, info.Error, err, jerr)
	}
	return info.Dir
}

// link makes a symbolic link at name to target, with its parent directories.
func link(t *testing.T, target, name string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, name); err != nil {
		t.Fatal(err)
	}
}

package gogo

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/pluginpb"

	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestGogoPlugin covers what the 80 shipped files do not use: every
// scalar kind, pointers, lists, maps of every value kind, casts and
// wrappers. It hands the request Generate builds to upstream's
// protoc-gen-gogo, rewrites the result with go-to-protobuf's own
// RewriteGeneratedGogoProtobufFile, runs goimports and gofmt -s, and
// compares with Generate's file.
func TestGogoPlugin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds protoc-gen-gogo, goimports and go-to-protobuf's rewrite")
	}
	files := map[string][]byte{}
	for pkg, file := range map[string]string{"p": "p", "q/v1": "q", "r/v1": "r", "unused": "unused"} {
		b, err := os.ReadFile(filepath.Join("testdata/synthetic", file+".proto"))
		if err != nil {
			t.Fatal(err)
		}
		files["example.com/"+pkg+"/generated.proto"] = b
	}
	const name = "example.com/p/generated.proto"
	header := []byte("// header\n\n")
	optional := []string{"Wrapper", "MapWrapper", "MessagesWrapper"}
	want := upstreamPipeline(t, files, name, header, optional)
	out, err := Generate(Request{
		Files:    files,
		Generate: []string{name},
		Optional: map[string][]string{name: optional},
		Header:   header,
	})
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("APIGEN_DUMP") != "" {
		os.WriteFile(os.Getenv("APIGEN_DUMP"), want, 0o644)
	}
	if got := out["example.com/p/generated.pb.go"]; !bytes.Equal(got, want) {
		t.Errorf("differs from upstream's pipeline:\n%s", refmodtest.FirstLines(got, want))
	}
}

// upstreamPipeline runs protoc-gen-gogo, go-to-protobuf's rewrite,
// goimports and gofmt -s on the file name of files.
func upstreamPipeline(t *testing.T, files map[string][]byte, name string, header []byte, optional []string) []byte {
	req, err := pluginRequest(files, []string{name})
	if err != nil {
		t.Fatal(err)
	}
	raw := runGogo(t, req)
	dir := t.TempDir()
	pb, hdr := filepath.Join(dir, "generated.pb.go"), filepath.Join(dir, "header.txt")
	for p, b := range map[string][]byte{pb: raw, hdr: header} {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tools := buildTools(t)
	execIn(t, dir, nil, filepath.Join(tools, "rewrite"), pb, hdr, strings.Join(optional, ","))
	execIn(t, dir, nil, filepath.Join(tools, "goimports"), "-w", pb)
	execIn(t, dir, nil, filepath.Join(runtime.GOROOT(), "bin", "gofmt"), "-s", "-w", pb)
	b, err := os.ReadFile(pb)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// runGogo hands the request to upstream's protoc-gen-gogo, as protoc would.
func runGogo(t *testing.T, req *pluginpb.CodeGeneratorRequest) []byte {
	in, err := proto.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(refmodtest.InstallUpstream(t, "go-to-protobuf/protoc-gen-gogo"), "protoc-gen-gogo")
	out := execIn(t, t.TempDir(), in, bin)
	var resp pluginpb.CodeGeneratorResponse
	if err := proto.Unmarshal(out, &resp); err != nil {
		t.Fatal(err)
	}
	if resp.Error != nil || len(resp.File) != 1 {
		t.Fatalf("protoc-gen-gogo: %v, %d files", resp.GetError(), len(resp.File))
	}
	return []byte(resp.File[0].GetContent())
}

// rewriteMain calls go-to-protobuf's rewrite of gogo's output: file,
// header file and the nullable wrappers' names are its arguments.
const rewriteMain = `package main

import (
	"go/ast"
	"os"
	"strings"

	"k8s.io/code-generator/cmd/go-to-protobuf/protobuf"
)

func main() {
	header, err := os.ReadFile(os.Args[2])
	if err != nil {
		panic(err)
	}
	optional := map[string]bool{}
	for _, n := range strings.Split(os.Args[3], ",") {
		optional[n] = true
	}
	all := func(*ast.TypeSpec) bool { return true }
	isOptional := func(n string) bool { return optional[n] }
	if err := protobuf.RewriteGeneratedGogoProtobufFile(os.Args[1], all, isOptional, header, true); err != nil {
		panic(err)
	}
}
`

// buildTools builds goimports and the rewrite into a temporary directory.
func buildTools(t *testing.T) string {
	bin, mod := t.TempDir(), t.TempDir()
	execIn(t, bin, nil, "go", "install", "golang.org/x/tools/cmd/goimports@v0.47.0")
	gomod := "module rewrite\n\ngo 1.25\n\nrequire k8s.io/code-generator v0.37.2\n"
	for p, s := range map[string]string{"go.mod": gomod, "main.go": rewriteMain} {
		if err := os.WriteFile(filepath.Join(mod, p), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	execIn(t, mod, nil, "go", "mod", "tidy")
	execIn(t, mod, nil, "go", "build", "-o", filepath.Join(bin, "rewrite"), ".")
	return bin
}

// execIn runs a command in dir outside any workspace, with stdin, and
// returns its standard output.
func execIn(t *testing.T, dir string, stdin []byte, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=", "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, stderr.String())
	}
	return out
}

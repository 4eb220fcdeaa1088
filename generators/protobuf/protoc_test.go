package protobuf_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/bufbuild/protocompile"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/pluginpb"
)

// fakeProtocEnv makes the test binary act as protoc: upstream's full run
// needs one, and protoc itself is not a Go program. It parses with
// protocompile and runs the real protoc-gen-gogo from PATH.
const fakeProtocEnv = "APIGEN_TEST_FAKE_PROTOC"

// fakeProtoc does what upstream asks of protoc: -I dirs, --gogo_out=dir
// and .proto files given by their paths on disk.
func fakeProtoc(args []string) error {
	var includes, files []string
	var out string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-I" && i+1 < len(args):
			includes = append(includes, args[i+1])
			i++
		case strings.HasPrefix(a, "--gogo_out="):
			out = strings.TrimPrefix(a, "--gogo_out=")
		default:
			files = append(files, a)
		}
	}
	for _, f := range files {
		if err := protocOne(includes, out, f); err != nil {
			return err
		}
	}
	return nil
}

// protocOne compiles one file and runs protoc-gen-gogo over it.
func protocOne(includes []string, out, file string) error {
	name, err := virtualName(includes, file)
	if err != nil {
		return err
	}
	c := protocompile.Compiler{
		Resolver:       protocompile.WithStandardImports(&protocompile.SourceResolver{ImportPaths: includes}),
		SourceInfoMode: protocompile.SourceInfoStandard,
	}
	compiled, err := c.Compile(context.Background(), name)
	if err != nil {
		return err
	}
	req := &pluginpb.CodeGeneratorRequest{FileToGenerate: []string{name}}
	req.ProtoFile = withImports(compiled[0], map[string]bool{}, nil)
	resp, err := runPlugin("protoc-gen-gogo", req)
	if err != nil {
		return err
	}
	for _, f := range resp.File {
		p := filepath.Join(out, f.GetName())
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(f.GetContent()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// virtualName is the name protoc gives a file on disk: relative to the
// first include directory that holds it. A relative directory (".") holds
// only relative paths, as in protoc.
func virtualName(includes []string, file string) (string, error) {
	for _, dir := range includes {
		if filepath.IsAbs(dir) != filepath.IsAbs(file) {
			continue
		}
		if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsLocal(rel) {
			return filepath.ToSlash(rel), nil
		}
	}
	return "", fmt.Errorf("%s is in no include directory %v", file, includes)
}

// withImports lists f after everything it imports, as protoc orders the
// files of a request.
func withImports(f protoreflect.FileDescriptor, seen map[string]bool, list []*descriptorpb.FileDescriptorProto) []*descriptorpb.FileDescriptorProto {
	if seen[f.Path()] {
		return list
	}
	seen[f.Path()] = true
	for i := range f.Imports().Len() {
		list = withImports(f.Imports().Get(i).FileDescriptor, seen, list)
	}
	return append(list, protodesc.ToFileDescriptorProto(f))
}

func runPlugin(name string, req *pluginpb.CodeGeneratorRequest) (*pluginpb.CodeGeneratorResponse, error) {
	in, err := proto.Marshal(req)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(name)
	cmd.Stdin = bytes.NewReader(in)
	cmd.Stderr = os.Stderr
	data, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	resp := &pluginpb.CodeGeneratorResponse{}
	if err := proto.Unmarshal(data, resp); err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return nil, fmt.Errorf("%s: %s", name, resp.GetError())
	}
	return resp, nil
}

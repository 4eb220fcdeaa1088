package gogo

import (
	"context"
	"fmt"
	"sort"

	"github.com/bufbuild/protocompile"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/pluginpb"
)

// pluginRequest compiles the texts in memory and returns the request
// protoc would hand a plugin: every file, each after its imports, and the
// names of the files to generate.
func pluginRequest(files map[string][]byte, gen []string) (*pluginpb.CodeGeneratorRequest, error) {
	srcs := map[string]string{}
	for name, b := range files {
		srcs[name] = string(b)
	}
	gogo := gogoProtoFile()
	c := protocompile.Compiler{
		Resolver: protocompile.WithStandardImports(protocompile.CompositeResolver{
			protocompile.ResolverFunc(func(path string) (protocompile.SearchResult, error) {
				if path == gogoProtoPath {
					return protocompile.SearchResult{Proto: gogo}, nil
				}
				return protocompile.SearchResult{}, fmt.Errorf("%s: not given", path)
			}),
			&protocompile.SourceResolver{Accessor: protocompile.SourceAccessorFromMap(srcs)},
		}),
		SourceInfoMode: protocompile.SourceInfoStandard,
	}
	gen = sorted(gen)
	compiled, err := c.Compile(context.Background(), gen...)
	if err != nil {
		return nil, err
	}
	req := &pluginpb.CodeGeneratorRequest{
		FileToGenerate: gen,
		Parameter:      proto.String("paths=source_relative"),
	}
	seen := map[string]bool{}
	for _, f := range compiled {
		req.ProtoFile = appendWithImports(req.ProtoFile, f, seen)
	}
	return req, nil
}

// appendWithImports appends f's descriptor after those of its imports,
// each file once.
func appendWithImports(out []*descriptorpb.FileDescriptorProto, f protoreflect.FileDescriptor, seen map[string]bool) []*descriptorpb.FileDescriptorProto {
	if seen[f.Path()] {
		return out
	}
	seen[f.Path()] = true
	imps := f.Imports()
	for i := 0; i < imps.Len(); i++ {
		out = appendWithImports(out, imps.Get(i).FileDescriptor, seen)
	}
	return append(out, protodesc.ToFileDescriptorProto(f))
}

func sorted(s []string) []string {
	s = append([]string(nil), s...)
	sort.Strings(s)
	return s
}

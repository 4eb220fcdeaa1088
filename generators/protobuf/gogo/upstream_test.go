package gogo_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/generators/protobuf/gogo"
	"github.com/apigen-dev/apigen/internal/paritytest"
	"github.com/apigen-dev/apigen/internal/refmodtest"
)

// TestUpstreamParity runs upstream's go-to-protobuf v0.37.2 with
// --only-idl over copies of the six modules, as Kubernetes' update script
// runs it, feeds the pass-one .proto files it writes to Generate, and
// compares every generated.pb.go with the one the modules ship.
func TestUpstreamParity(t *testing.T) {
	if testing.Short() {
		t.Skip("builds go-to-protobuf and copies six modules")
	}
	ws := paritytest.NewProtobufWorkspace(t, "generated.proto", "generated.pb.go")
	shipped := importPaths(ws, ws.Shipped, ".pb.go")
	header := boilerplate(t, ws)
	runIDL(t, ws, header)
	files := passOne(t, ws)
	if !bytes.Equal(files[intstrProto], intstr(t)) {
		t.Errorf("testdata/intstr.proto is not what upstream writes now")
	}
	var names []string
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	out, err := gogo.Generate(gogo.Request{
		Files:    files,
		Generate: names,
		Optional: optionalNames(t, ws, names),
		Header:   header,
	})
	if err != nil {
		t.Fatal(err)
	}
	same := compare(t, names, out, shipped)
	t.Logf("%d of %d generated.pb.go byte-identical (%d shipped)", same, len(names), len(shipped))
	if same != len(shipped) || len(names) != len(shipped) {
		t.FailNow()
	}
}

// compare reports every generated file that differs from the shipped one
// and returns how many are the same.
func compare(t *testing.T, names []string, out, shipped map[string][]byte) int {
	same := 0
	for _, name := range names {
		pb := strings.TrimSuffix(name, ".proto") + ".pb.go"
		want, ok := shipped[pb]
		switch {
		case !ok:
			t.Errorf("%s: no module ships it", pb)
		case !bytes.Equal(out[pb], want):
			t.Errorf("%s differs from the shipped file:\n%s", pb, refmodtest.FirstLines(out[pb], want))
		default:
			same++
		}
	}
	return same
}

// boilerplate is Kubernetes' header as go-to-protobuf reads it through
// gengo: YEAR replaced, and a newline added.
func boilerplate(t *testing.T, ws *paritytest.ProtobufWorkspace) []byte {
	b, err := os.ReadFile(ws.Header)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.ReplaceAll(b, []byte("YEAR"), []byte(strconv.Itoa(time.Now().UTC().Year())))
	return append(b, '\n')
}

// importPaths keys the files whose names end in suffix by the path below
// the workspace's k8s.io, as protoc names them.
func importPaths(ws *paritytest.ProtobufWorkspace, files map[string][]byte, suffix string) map[string][]byte {
	out := map[string][]byte{}
	for p, b := range files {
		if strings.HasSuffix(p, suffix) {
			rel, _ := filepath.Rel(ws.Root, p)
			out["k8s.io/"+filepath.ToSlash(rel)] = b
		}
	}
	return out
}

// runIDL runs upstream's go-to-protobuf with --only-idl: it writes the
// pass-one generated.proto into each package's directory.
func runIDL(t *testing.T, ws *paritytest.ProtobufWorkspace, header []byte) {
	bin := refmodtest.InstallUpstream(t, "go-to-protobuf")
	hdr := filepath.Join(t.TempDir(), "boilerplate.txt")
	if err := os.WriteFile(hdr, bytes.TrimSuffix(header, []byte("\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	ws.Run(t, ws.Root, filepath.Join(bin, "go-to-protobuf"), "--only-idl",
		"--go-header-file", hdr,
		"--output-dir", t.TempDir(),
		"--packages", strings.Join(ws.Packages, ","))
}

// passOne reads the .proto files go-to-protobuf wrote, keyed by the path
// protoc sees.
func passOne(t *testing.T, ws *paritytest.ProtobufWorkspace) map[string][]byte {
	files := map[string][]byte{}
	for _, dir := range ws.Dirs {
		for p, b := range refmodtest.Take(t, dir, "generated.proto") {
			files[p] = b
		}
	}
	return importPaths(ws, files, ".proto")
}

// optionalNames finds each package's nullable wrappers in its Go source:
// slice and map types whose comment carries +protobuf.nullable=true.
func optionalNames(t *testing.T, ws *paritytest.ProtobufWorkspace, protos []string) map[string][]string {
	out := map[string][]string{}
	for _, name := range protos {
		dir := filepath.Join(ws.Root, strings.TrimPrefix(filepath.Dir(name), "k8s.io/"))
		fset := token.NewFileSet()
		pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, pkg := range pkgs {
			for _, f := range pkg.Files {
				out[name] = append(out[name], nullableAliases(f)...)
			}
		}
	}
	return out
}

func nullableAliases(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			doc := ts.Doc
			if doc == nil && len(gd.Specs) == 1 {
				doc = gd.Doc
			}
			switch ts.Type.(type) {
			case *ast.ArrayType, *ast.MapType:
				if doc != nil && strings.Contains(doc.Text(), "+protobuf.nullable=true") {
					out = append(out, ts.Name.Name)
				}
			}
		}
	}
	return out
}

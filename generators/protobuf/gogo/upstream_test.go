package gogo_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apigen-dev/apigen/generators/protobuf/gogo"
	"github.com/apigen-dev/apigen/refmod"
)

// modules are the modules that ship generated.pb.go files at v0.37.2.
var modules = []string{"api", "apimachinery", "apiextensions-apiserver", "kube-aggregator", "metrics", "apiserver"}

// TestUpstreamParity runs upstream's go-to-protobuf v0.37.2 with
// --only-idl over copies of the six modules, as Kubernetes' update script
// runs it, feeds the pass-one .proto files it writes to Generate, and
// compares every generated.pb.go with the one the modules ship. Then it
// runs k8s.io/api's round-trip tests over the generated files.
func TestUpstreamParity(t *testing.T) {
	if testing.Short() {
		t.Skip("builds go-to-protobuf and copies six modules")
	}
	ws, shipped := workspace(t)
	header := boilerplate(t)
	runIDL(t, ws, header, taggedPackages(t, ws))
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
	write(t, ws, out)
	roundTrip(t, ws)
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
			t.Errorf("%s differs from the shipped file:\n%s", pb, refmod.FirstLines(out[pb], want))
		default:
			same++
		}
	}
	return same
}

// roundTrip runs k8s.io/api's round-trip tests, which encode and decode
// every type through the generated code and decode the protobuf fixtures
// of testdata and encode them again identically.
func roundTrip(t *testing.T, ws string) {
	log := run(t, ws, filepath.Join(ws, "api"), "go", "test", "-count=1", "-v", "-run", "TestRoundTrip|TestCompatibility", ".")
	for _, test := range []string{"TestRoundTripExternalTypes", "TestCompatibility"} {
		if !strings.Contains(log, "--- PASS: "+test) {
			t.Errorf("k8s.io/api: %s did not pass:\n%s", test, log)
		}
	}
}

// workspace copies the modules into one go.work and returns its directory
// with the shipped generated.pb.go files, keyed by import path. The
// copies keep no generated.proto or generated.pb.go, as Kubernetes'
// script deletes them first.
func workspace(t *testing.T) (string, map[string][]byte) {
	ws := t.TempDir()
	shipped := map[string][]byte{}
	for _, m := range modules {
		dir := filepath.Join(ws, m)
		if err := os.CopyFS(dir, os.DirFS(refmod.Download(t, "k8s.io/"+m+"@v0.37.2"))); err != nil {
			t.Fatal(err)
		}
		for p, b := range take(t, dir) {
			rel, _ := filepath.Rel(ws, p)
			shipped["k8s.io/"+filepath.ToSlash(rel)] = b
		}
	}
	run(t, "", ws, "go", append([]string{"work", "init"}, modules...)...)
	return ws, shipped
}

// take makes dir writable, removes its generated protobuf files and
// returns the Go ones.
func take(t *testing.T, dir string) map[string][]byte {
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.Chmod(p, 0o755)
		}
		if err := os.Chmod(p, 0o644); err != nil {
			return err
		}
		switch d.Name() {
		case "generated.pb.go":
			b, err := os.ReadFile(p)
			out[p] = b
			if err != nil {
				return err
			}
		case "generated.proto":
		default:
			return nil
		}
		return os.Remove(p)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// boilerplate is Kubernetes' header as go-to-protobuf reads it through
// gengo: YEAR replaced, and a newline added.
func boilerplate(t *testing.T) []byte {
	kk := refmod.Download(t, "k8s.io/kubernetes@v1.37.2")
	b, err := os.ReadFile(filepath.Join(kk, "hack/boilerplate/boilerplate.generatego.txt"))
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.ReplaceAll(b, []byte("YEAR"), []byte(strconv.Itoa(time.Now().UTC().Year())))
	return append(b, '\n')
}

// taggedPackages lists the import paths of the directories with a
// `// +k8s:protobuf-gen=package` line, as Kubernetes' update script
// greps for them.
func taggedPackages(t *testing.T, ws string) []string {
	var out []string
	err := filepath.WalkDir(ws, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		if err == nil && bytes.Contains(b, []byte("// +k8s:protobuf-gen=package")) {
			rel, _ := filepath.Rel(ws, filepath.Dir(p))
			out = append(out, "k8s.io/"+filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// runIDL runs upstream's go-to-protobuf with --only-idl: it writes the
// pass-one generated.proto into each package's directory.
func runIDL(t *testing.T, ws string, header []byte, pkgs []string) {
	bin := refmod.InstallUpstream(t, "go-to-protobuf")
	hdr := filepath.Join(t.TempDir(), "boilerplate.txt")
	if err := os.WriteFile(hdr, bytes.TrimSuffix(header, []byte("\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ws, ws, filepath.Join(bin, "go-to-protobuf"), "--only-idl",
		"--go-header-file", hdr,
		"--output-dir", t.TempDir(),
		"--packages", strings.Join(pkgs, ","))
}

// passOne reads the .proto files go-to-protobuf wrote, keyed by the path
// protoc sees.
func passOne(t *testing.T, ws string) map[string][]byte {
	files := map[string][]byte{}
	err := filepath.WalkDir(ws, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != "generated.proto" {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(ws, p)
		files["k8s.io/"+filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// optionalNames finds each package's nullable wrappers in its Go source:
// slice and map types whose comment carries +protobuf.nullable=true.
func optionalNames(t *testing.T, ws string, protos []string) map[string][]string {
	out := map[string][]string{}
	for _, name := range protos {
		dir := filepath.Join(ws, strings.TrimPrefix(filepath.Dir(name), "k8s.io/"))
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

// write puts the generated files into the workspace.
func write(t *testing.T, ws string, out map[string][]byte) {
	for name, b := range out {
		if err := os.WriteFile(filepath.Join(ws, strings.TrimPrefix(name, "k8s.io/")), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// run runs a command in dir, in the workspace ws ("" for none yet).
func run(t *testing.T, ws, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	work := ""
	if ws != "" {
		work = filepath.Join(ws, "go.work")
	}
	cmd.Env = append(os.Environ(), "GOWORK="+work, "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

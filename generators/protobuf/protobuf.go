// Package protobuf generates the protobuf IDL of Go API types: one
// generated.proto per package, byte for byte what k8s.io/code-generator's
// go-to-protobuf writes, and the protobuf struct tags it adds to the Go
// sources. generated.pb.go comes from the IDL through GoCode, the seam for
// the code half (package gogo).
//
// Upstream writes the IDL twice: pass one carries gogo's options and is
// what protoc reads (and what --only-idl leaves); the final pass drops
// them. Both are renderings of one model (File, Message, Field).
package protobuf

import (
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// File names in each package directory.
const (
	protoFile = "generated.proto"
	goFile    = "generated.pb.go"
)

// Generator is go-to-protobuf. New gives upstream's defaults.
type Generator struct {
	// Packages are the packages to generate, each [+|-]import/path[=proto.package]:
	// "+" makes messages only of types marked +protobuf=true, "-" reads
	// the package without writing it. Empty: the packages the run names.
	Packages []string
	// APIMachineryPackages are entries like Packages, read first.
	APIMachineryPackages []string
	// OutputDir is where upstream's protoc writes generated.pb.go, under
	// the import path. apigen writes both files into the package's own
	// directory, which is the same place in Kubernetes' layout.
	OutputDir string
	// Header is the boilerplate, YEAR replaced; nil for none.
	Header []byte
	// Conditional puts "// +build <Conditional>" atop generated.pb.go.
	Conditional string
	// Clean generates nothing and removes the generated files (with
	// --verify-only, reports them).
	Clean bool
	// OnlyIDL writes pass one of generated.proto, and nothing else.
	OnlyIDL bool
	// KeepGogoproto writes pass one, gogo's options kept.
	KeepGogoproto bool
	// SkipGeneratedRewrite leaves generated.pb.go as gogo writes it, and
	// generated.proto in pass one; struct tags are not added.
	SkipGeneratedRewrite bool
	// DropGogoGo drops gogo's packages from generated.pb.go.
	DropGogoGo bool
	// DropEmbeddedFields are the types, as import/path.Type, whose fields
	// are left out of messages.
	DropEmbeddedFields []string
	// GoCode makes generated.pb.go from the IDL; see IDL. While it is
	// nil, no generated.pb.go is written or owned, as with OnlyIDL.
	GoCode func(*IDL) (map[string][]byte, error)
}

// DefaultAPIMachineryPackages is upstream's --apimachinery-packages.
var DefaultAPIMachineryPackages = []string{
	"+k8s.io/apimachinery/pkg/util/intstr",
	"+k8s.io/apimachinery/pkg/api/resource",
	"+k8s.io/apimachinery/pkg/runtime/schema",
	"+k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/apis/meta/v1",
	"k8s.io/apimachinery/pkg/apis/meta/v1beta1",
	"k8s.io/apimachinery/pkg/apis/testapigroup/v1",
}

// New returns a Generator with upstream's defaults.
func New() *Generator {
	return &Generator{
		OutputDir:            ".",
		APIMachineryPackages: slices.Clone(DefaultAPIMachineryPackages),
		DropEmbeddedFields:   []string{"k8s.io/apimachinery/pkg/apis/meta/v1.TypeMeta"},
		DropGogoGo:           true,
	}
}

// IDL is what the generated.pb.go half gets: the pass-one IDL that protoc
// would read, of every package (imports resolve among them), and what
// upstream's rewrite of gogo's output needs besides.
type IDL struct {
	// Files are every package's file, importees first. Those with Write
	// set get a generated.pb.go.
	Files []*File
	// PassOne holds the pass-one text of each file, keyed by its import
	// path: k8s.io/api/core/v1/generated.proto.
	PassOne map[string][]byte
	// Optional holds, keyed like PassOne, the nullable wrapper messages
	// whose methods upstream's rewrite changes (parser.go,
	// rewriteOptionalMethods).
	Optional map[string]map[string]bool
	// Boilerplate goes before the package clause of each generated.pb.go:
	// the header and a newline, as gengo reads it.
	Boilerplate []byte
	// Conditional puts "// +build <Conditional>" above the boilerplate.
	Conditional string
	// Rewrite is false with SkipGeneratedRewrite: gogo's output is kept
	// as it is.
	Rewrite bool
	// DropGogoGo drops gogo's packages from generated.pb.go.
	DropGogoGo bool
}

// IDL builds the IDL of m's packages. Problems are recorded in diags.
func (g *Generator) IDL(m *model.Model, diags *diag.List) *IDL {
	pkgs := packages(m, g.entries(m, diags), diags)
	files := newBuilder(m, pkgs, g.omitted(diags)).files(diags)
	idl := &IDL{Files: files, PassOne: map[string][]byte{}, Optional: map[string]map[string]bool{},
		Boilerplate: g.boilerplate(), Conditional: g.Conditional, Rewrite: !g.SkipGeneratedRewrite, DropGogoGo: g.DropGogoGo}
	for _, f := range files {
		idl.PassOne[f.Path()] = f.Render(g.Header, true)
		idl.Optional[f.Path()] = f.OptionalMessages()
	}
	return idl
}

// boilerplate is the header as upstream's gengo reads it for
// generated.pb.go: the file and a newline.
func (g *Generator) boilerplate() []byte {
	if g.Header == nil {
		return nil
	}
	return append(slices.Clone(g.Header), '\n')
}

// omitted reads --drop-embedded-fields.
func (g *Generator) omitted(diags *diag.List) map[types.Name]bool {
	out := map[types.Name]bool{}
	for _, s := range g.DropEmbeddedFields {
		name := types.Name{Name: s}
		if i := strings.LastIndex(s, "."); i >= 0 {
			name = types.Name{Package: s[:i], Name: s[i+1:]}
		}
		if name.Name == "" {
			diags.Errorf(token.Position{}, "--drop-embedded-fields: %q is not [import/path.]TypeName", s)
			continue
		}
		out[name] = true
	}
	return out
}

// Generate writes generated.proto into every written package, the struct
// tags its types lack, and, through GoCode, generated.pb.go.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	var mine diag.List // apart from other generators', to know when to stop
	out := g.generate(m, &mine)
	diags.Add(mine.Sorted()...)
	return out
}

func (g *Generator) generate(m *model.Model, diags *diag.List) engine.Output {
	idl := g.IDL(m, diags)
	out := engine.Output{PackageFiles: g.packageFiles()}
	for _, f := range idl.Files {
		if f.Write {
			out.Owned = append(out.Owned, g.ownedPaths(f)...)
			out.Roots = append(out.Roots, f.Dir)
			if p := m.Package(f.GoPackage); p != nil {
				out.Roots = append(out.Roots, p.Dir)
			}
		}
	}
	if g.Clean {
		out.Remove = out.Owned
		return out
	}
	if g.writesGo() {
		for _, f := range idl.Files {
			if f.Write {
				checkGoFields(f, diags)
			}
		}
	}
	if diags.HasErrors() {
		return out
	}
	idl = emitted(m, idl)
	for _, f := range idl.Files {
		if f.Write {
			out.Files = append(out.Files, g.files(m, idl, f, diags)...)
		}
	}
	out.Files = append(out.Files, g.goCode(idl, diags)...)
	return out
}

// emitted returns idl with Write cleared on the files of the packages m
// does not emit (see model.Model.Only); their texts stay, for the files
// that import them.
func emitted(m *model.Model, idl *IDL) *IDL {
	part := *idl
	part.Files = make([]*File, len(idl.Files))
	for i, f := range idl.Files {
		if p := m.Package(f.GoPackage); f.Write && p != nil && !m.Emits(p) {
			f = &File{}
			*f = *idl.Files[i]
			f.Write = false
		}
		part.Files[i] = f
	}
	return &part
}

// writesGo reports whether the run makes generated.pb.go.
func (g *Generator) writesGo() bool { return g.GoCode != nil && !g.OnlyIDL }

func (g *Generator) packageFiles() []string {
	if g.writesGo() || g.Clean {
		return []string{protoFile, goFile}
	}
	return []string{protoFile}
}

func (g *Generator) ownedPaths(f *File) []string {
	var out []string
	for _, name := range g.packageFiles() {
		out = append(out, filepath.Join(f.Dir, name))
	}
	return out
}

// files returns f's generated.proto and the Go sources that gain tags.
// Upstream leaves pass one on disk when it stops early, or keeps gogo.
func (g *Generator) files(m *model.Model, idl *IDL, f *File, diags *diag.List) []output.File {
	passOne := g.OnlyIDL || g.SkipGeneratedRewrite || g.KeepGogoproto
	data := idl.PassOne[f.Path()]
	if !passOne {
		data = f.Render(g.Header, false)
	}
	out := []output.File{{Path: filepath.Join(f.Dir, protoFile), Data: data}}
	if !g.OnlyIDL && !g.SkipGeneratedRewrite {
		out = append(out, structTagFiles(m, m.Package(f.GoPackage), f, diags)...)
	}
	return out
}

// goCode runs the generated.pb.go half, when there is one.
func (g *Generator) goCode(idl *IDL, diags *diag.List) []output.File {
	if !g.writesGo() {
		return nil
	}
	code, err := g.GoCode(idl)
	if err != nil {
		diags.Errorf(token.Position{}, "generating %s: %v", goFile, err)
		return nil
	}
	var out []output.File
	for _, f := range idl.Files {
		if data, ok := code[f.Path()]; ok && f.Write {
			out = append(out, output.File{Path: filepath.Join(f.Dir, goFile), Data: data})
		}
	}
	return out
}

// Local reports that a package's files depend only on the package, what
// it imports (whose messages its IDL names) and the configured packages,
// which every run loads (see engine.Local). A generated.pb.go written
// outside the package directories makes the engine run everything.
func (g *Generator) Local(*model.Model) (map[string][]string, bool) { return nil, true }

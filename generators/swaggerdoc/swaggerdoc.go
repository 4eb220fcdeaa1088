// Package swaggerdoc generates types_swagger_doc_generated.go: a
// SwaggerDoc method for each documented struct type of a package's
// types.go, returning its doc and its fields' docs keyed by JSON name. Its
// files are those of Kubernetes' hack/update-codegen.sh, which runs
// genswaggertypedocs on types.go and wraps the output in a header.
package swaggerdoc

import (
	"errors"
	"go/ast"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"sync"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// SourceFile is the file whose types get SwaggerDoc methods.
const SourceFile = "types.go"

// Generator writes one file for each package with a types.go.
type Generator struct {
	OutputFile string // file name written in each package directory
	Header     []byte // boilerplate, already read
}

func (g *Generator) Name() string                 { return "genswaggertypedocs" }
func (g *Generator) Define(reg *markers.Registry) {}

// Selects follows Kubernetes' script, which runs over meta/v1, meta/v1beta1
// and the hand-kept list KUBE_AVAILABLE_GROUP_VERSIONS of hack/lib/init.sh.
// In package facts: a package of the main module named after an API version
// (v1, v2beta1, ...) that has a types.go and declares a GroupName constant,
// except the groups of skippedGroups. Over other modules this also takes
// packages the script never names, such as apimachinery's testapigroup/v1.
func (g *Generator) Selects(p *model.Package) bool {
	if !p.Local() || !version.MatchString(path.Base(p.Path)) || sourceFile(p) == nil {
		return false
	}
	c := p.Constants["GroupName"]
	return c != nil && c.ConstValue != nil && !skippedGroups[*c.ConstValue]
}

var version = regexp.MustCompile(`^v[0-9]+((alpha|beta)[0-9]+)?$`)

// skippedGroups are left out of KUBE_AVAILABLE_GROUP_VERSIONS although
// k8s.io/api has them: apidiscovery.k8s.io (v2, v2beta1) is the format of
// the discovery documents, not a group the API server serves, and init.sh
// lists it only in KUBE_NONSERVER_GROUP_VERSIONS. Nothing in its sources
// tells it apart from admission.k8s.io, which is listed in both.
var skippedGroups = map[string]bool{"apidiscovery.k8s.io": true}

// Generate writes a file for each input package that has a types.go.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	files := make([]*output.File, len(m.Packages))
	var wg sync.WaitGroup
	for i, p := range m.Packages {
		if f := sourceFile(p); f != nil && m.Emits(p) {
			wg.Go(func() { files[i] = g.packageFile(m, p, f, diags) })
		}
	}
	wg.Wait()
	return engine.PerPackage(m, g.OutputFile, files, nil)
}

// sourceFile returns the syntax of p's types.go, or nil.
func sourceFile(p *model.Package) *ast.File {
	if p.Source == nil {
		return nil
	}
	for _, f := range p.Source.Syntax {
		if filepath.Base(p.Source.Fset.Position(f.FileStart).Filename) == SourceFile {
			return f
		}
	}
	return nil
}

func (g *Generator) packageFile(m *model.Model, p *model.Package, f *ast.File, diags *diag.List) *output.File {
	structs, err := Collect(m.Fset, f)
	if err != nil {
		pos, msg := m.Fset.Position(f.Package), err.Error()
		if e := (*Error)(nil); errors.As(err, &e) {
			pos, msg = e.Pos, e.Msg
		}
		diags.Errorf(pos, "%s", msg)
		return nil
	}
	if !validStrings(m, structs, diags) {
		return nil
	}
	// The script names the package after the version; Go's name is the same
	// for every API package, and always compiles.
	w := output.NewGoFile(p.Path)
	w.Header = output.Header{Boilerplate: g.Header, Unmarked: true}
	w.Tool, w.Package = g.Name(), p.Name
	w.Print(preamble)
	WriteFuncs(w, structs)
	w.P("// AUTO-GENERATED FUNCTIONS END HERE")
	return w.File(output.Join(p.Dir, g.OutputFile), m.Fset.Position(f.Package), diags)
}

// validStrings reports whether every doc is a valid Go string literal's
// content. A backslash in a comment passes into the map unescaped, as
// upstream has it, and gofmt then rejects the file.
func validStrings(m *model.Model, structs []Struct, diags *diag.List) bool {
	ok := true
	for _, s := range structs {
		for _, e := range s.Entries {
			if _, err := strconv.Unquote(`"` + e.Doc + `"`); err != nil {
				diags.Errorf(m.Fset.Position(e.Pos), "this doc comment does not make a valid Go string: a backslash that starts no escape is copied as it is, and upstream's gofmt step fails on it")
				ok = false
			}
		}
	}
	return ok
}

// preamble is the fixed text between the package clause and the maps.
const preamble = `
// This file contains a collection of methods that can be used from go-restful to
// generate Swagger API documentation for its models. Please read this PR for more
// information on the implementation: https://github.com/emicklei/go-restful/pull/215
//
// TODOs are ignored from the parser (e.g. TODO(andronat):... || TODO:...) if and only if
// they are on one line! For multiple line or blocks that you want to ignore use ---.
// Any context after a --- is ignored.
//
// Those methods can be generated by using hack/update-codegen.sh

// AUTO-GENERATED FUNCTIONS START HERE. DO NOT EDIT.
`

// Local reports that a package's file depends only on the package and
// what it imports (see engine.Local).
func (g *Generator) Local(*model.Model) (map[string][]string, bool) { return nil, true }

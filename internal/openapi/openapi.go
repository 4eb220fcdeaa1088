// Package openapi generates OpenAPI definitions for API types, producing
// the same file as kube-openapi's openapi-gen: GetOpenAPIDefinitions and
// one schema_ function per struct type of the packages that ask for it
// (+k8s:openapi-gen=true in doc.go, or on the type). It also reports API
// convention violations as upstream does, and keeps every definition as
// data for other generators (see schemas.go).
//
// Problems that upstream stops at, or writes broken code for, are reported
// with file:line: bad +k8s:validation: markers, validations that do not
// fit the field, defaults that contradict the field, patch markers that
// contradict the struct tags, types without a schema. So are list markers
// that server-side apply cannot use: +listType=map without keys, keys that
// are not scalar fields of the elements, sets of non-scalars.
package openapi

import (
	"go/token"
	"path"
	"runtime"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/internal/modelname"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Generator is openapi-gen.
type Generator struct {
	OutputDir  string // directory of the generated file
	OutputPkg  string // its import path
	OutputFile string // its name
	Header     []byte // boilerplate, already read

	// Report is set by Generate: the API rule violations, one line each,
	// as upstream writes them to --report-filename.
	Report []byte
}

// Command is the upstream command the generator replaces.
const Command = "openapi-gen"

// Selects takes the packages kube_codegen.sh's gen_openapi gives
// openapi-gen. The enums, comments and model names of the others are not
// upstream's to read.
func (g *Generator) Selects(p *model.Package) bool { return modelname.OpenAPIInput(p) }

// Generate writes the definitions of every selected type into one file.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	file := output.Join(g.OutputDir, g.OutputFile)
	out := engine.Output{Owned: []string{file}, PackageFiles: []string{path.Base(g.OutputFile)}, Roots: []string{g.OutputDir}}
	r := computed(m, diags)
	g.Report = report(r.lint)
	checkCEL(r.data, diags)
	if f := g.file(r.defs).File(file, token.Position{}, diags); f != nil {
		out.Files = append(out.Files, *f)
	}
	return out
}

// file renders the definitions. Formatting is most of the work, so each
// schema function is cut apart, for the writer to format them in parallel.
func (g *Generator) file(defs []*definition) *output.GoFile {
	f := output.NewGoFile(g.OutputPkg)
	f.Header = output.Header{Boilerplate: g.Header, BuildTag: load.BuildTag}
	f.Tool, f.Package = Command, path.Base(g.OutputPkg)
	r := &renderer{f: f}
	r.index(defs)
	f.Cut()
	for _, d := range defs {
		r.function(d)
		f.Cut()
	}
	return f
}

// workers is how many types are computed at once.
func workers() int { return runtime.GOMAXPROCS(0) }

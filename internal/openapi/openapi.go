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
	"bytes"
	"errors"
	"go/format"
	"go/token"
	"path"
	"runtime"
	"sync"

	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/namer"

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

func (g *Generator) Name() string { return "openapi-gen" }

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
	data, err := g.file(r.defs)
	if err != nil {
		diags.Errorf(token.Position{}, "openapi-gen produced code that does not parse (a bug): %v", err)
		return out
	}
	out.Files = append(out.Files, output.File{Path: file, Data: data})
	return out
}

// file renders the definitions and formats the result. Formatting is most
// of the work, so the schema functions are formatted in parallel, in
// chunks: gofmt formats each top-level function on its own.
func (g *Generator) file(defs []*definition) ([]byte, error) {
	tracker := generator.NewImportTrackerForPackage(g.OutputPkg)
	var body bytes.Buffer
	r := &renderer{raw: namer.NewRawNamer(g.OutputPkg, tracker), buf: &body}
	r.index(defs)
	cuts := []int{body.Len()}
	for _, d := range defs {
		r.function(d)
		cuts = append(cuts, body.Len())
	}
	head := output.GoFile{
		Header:  output.Header{Boilerplate: g.Header, BuildTag: load.BuildTag},
		Tool:    g.Name(),
		Package: path.Base(g.OutputPkg),
		Imports: tracker.ImportLines(),
	}
	head.Body.Write(body.Bytes()[:cuts[0]])
	chunks := split(body.Bytes(), cuts, 4*workers())
	formatted := make([][]byte, len(chunks)+1)
	errs := make([]error, len(chunks)+1)
	var wg sync.WaitGroup
	wg.Go(func() { formatted[0], errs[0] = head.Bytes() })
	for i, c := range chunks {
		wg.Go(func() { formatted[i+1], errs[i+1] = formatDecls(c) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return bytes.Join(formatted, []byte("\n")), nil
}

// split cuts body[cuts[0]:] into about n pieces of similar size, at cuts.
func split(body []byte, cuts []int, n int) [][]byte {
	var out [][]byte
	total := cuts[len(cuts)-1] - cuts[0]
	start := cuts[0]
	for _, c := range cuts[1:] {
		if c > start && (c-start)*n >= total {
			out = append(out, body[start:c])
			start = c
		}
	}
	if start < cuts[len(cuts)-1] {
		out = append(out, body[start:cuts[len(cuts)-1]])
	}
	return out
}

// formatDecls formats top-level declarations as gofmt formats them in a
// file.
func formatDecls(decls []byte) ([]byte, error) {
	const clause = "package p\n\n"
	out, err := format.Source(append([]byte(clause), decls...))
	if err != nil {
		return nil, err
	}
	return bytes.TrimPrefix(out, []byte(clause)), nil
}

// workers is how many types are computed at once.
func workers() int { return runtime.GOMAXPROCS(0) }

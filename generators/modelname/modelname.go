// Package modelname generates OpenAPIModelName methods for the struct types
// of packages and types tagged +k8s:openapi-model-package, producing the
// same files as kube-openapi's openapi-gen with --output-model-name-file.
package modelname

import (
	names "github.com/apigen-dev/apigen/internal/modelname"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Generator is the model-name half of openapi-gen.
type Generator struct {
	// OutputFile is the file written in each package's directory, upstream's
	// --output-model-name-file. Empty means generate nothing, as upstream.
	OutputFile string
	Header     []byte // boilerplate, already read
	// ReadOnly lists import paths that are read but never written to or
	// owned, upstream's --readonly-pkg (packages in the module cache).
	ReadOnly []string
}

// Define declares the marker and claims its name space.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(names.Marker.Definition)
	reg.Own(names.Marker.Name)
}

// Generate writes one file for each package, other than the read-only
// ones, that has at least one exported struct type with a model package.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	if g.OutputFile == "" {
		return engine.Output{}
	}
	writable := func(p *model.Package) bool { return !slices.Contains(g.ReadOnly, p.Path) }
	out := engine.EachPackage(m, g.OutputFile, func(p *model.Package) *output.File {
		if !writable(p) {
			return nil
		}
		return g.packageFile(m, p, diags)
	}, writable)
	out.PackageFiles, out.NoPrune = nil, true // upstream's script never deletes model-name files
	return out
}

// Selects takes, as kube_codegen.sh's gen_openapi does, the packages of
// the main module that carry a +k8s:openapi line, and every package of
// another module: the script names those itself (the apimachinery
// packages, --extra-pkgs).
func (g *Generator) Selects(p *model.Package) bool { return names.OpenAPIInput(p) }

// method is one OpenAPIModelName method to write.
type method struct {
	t                   *types.Type
	receiver, modelName string
}

func (g *Generator) packageFile(m *model.Model, p *model.Package, diags *diag.List) *output.File {
	methods := methodsOf(m, p, diags)
	if len(methods) == 0 {
		return nil
	}
	f := output.NewGoFile(p.Path)
	f.Header = output.Header{Boilerplate: g.Header, BuildTag: load.BuildTag}
	// Upstream writes the last element of the import path, which is the
	// same for every API package but wrong where the package's name
	// differs from its directory's; the real name is never wrong.
	f.Tool, f.Package = command, p.Name
	for _, mt := range methods {
		f.P("// OpenAPIModelName returns the OpenAPI model name for this type.")
		f.P("func (in %s) OpenAPIModelName() string {", mt.receiver)
		f.P("\treturn \"%s\"\n}\n", mt.modelName)
	}
	return f.File(output.Join(p.Dir, g.OutputFile), m.Position(methods[0].t), diags)
}

// methodsOf returns the methods for p's types, sorted by type name as
// upstream orders them. A type gets one when it is an exported struct and
// it, or else its package, has a model package. The type's marker is read
// from its doc comment only; a detached comment block above does not
// count, as upstream. A type marker on a type that cannot get a method is
// warned about: upstream silently ignores it.
func methodsOf(m *model.Model, p *model.Package, diags *diag.List) []method {
	pkgValue, _ := names.Marker.Get(p.Markers)
	local := namer.NewPublicNamer(0)
	var out []method
	for _, t := range sortedTypes(m, p) {
		value := pkgValue
		v, mk, tagged := names.Marker.Lookup(m.DocMarkers(t))
		if v != "" {
			value = v
		}
		if !isModel(t) {
			if tagged {
				diags.Warnf(mk.Pos, "+%s on type %s has no effect: only exported struct types get an OpenAPIModelName method", names.Marker.Name, t.Name.Name)
			}
			continue
		}
		if value == "" {
			continue
		}
		out = append(out, method{t: t, receiver: local.Name(t), modelName: value + "." + t.Name.Name})
	}
	return out
}

// sortedTypes returns the types declared in p, sorted by name.
func sortedTypes(m *model.Model, p *model.Package) []*types.Type {
	var ts []*types.Type
	for _, t := range p.Types {
		if m.Declared(t) {
			ts = append(ts, t)
		}
	}
	slices.SortFunc(ts, func(a, b *types.Type) int { return strings.Compare(a.Name.Name, b.Name.Name) })
	return ts
}

// isModel reports whether t can be an OpenAPI model: an exported type whose
// (named) underlying type is a struct. Generic structs qualify, as upstream,
// and get a method on Name[T] returning a name that ends in "Name[T]".
func isModel(t *types.Type) bool {
	if namer.IsPrivateGoName(t.Name.Name) {
		return false
	}
	for t.Kind == types.Alias {
		t = t.Underlying
	}
	return t.Kind == types.Struct
}

// Local reports that a package's file depends only on the package and
// what it imports (see engine.Local).
func (g *Generator) Local(*model.Model) (map[string][]string, bool) { return nil, true }

// Package deepcopy generates DeepCopy, DeepCopyInto and DeepCopy<Interface>
// methods, producing the same files as k8s.io/code-generator's deepcopy-gen,
// and also handling generic types.
package deepcopy

import (
	"path"
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

// Generator is deepcopy-gen.
type Generator struct {
	OutputFile string // file name written in each package directory
	Header     []byte // boilerplate, already read
}

// Command is the upstream command the generator replaces.
const Command = "deepcopy-gen"

// Selects takes, as kube_codegen.sh does, the packages of the main module
// that carry a +k8s:deepcopy-gen= line.
func (g *Generator) Selects(p *model.Package) bool {
	return p.Local() && p.Tagged(enableMarker+"=")
}

// Generate writes one file per package that asks for deep-copy methods.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	return engine.EachPackage(m, g.OutputFile, func(p *model.Package) *output.File { return g.packageFile(m, p, diags) }, nil)
}

func (g *Generator) packageFile(m *model.Model, p *model.Package, diags *diag.List) *output.File {
	ts := selectTypes(m, p, diags)
	if len(ts) == 0 {
		return nil
	}
	f := output.NewGoFile(p.Path)
	f.Header = output.Header{Boilerplate: g.Header, BuildTag: load.BuildTag}
	f.Tool, f.Package = Command, strings.Split(path.Base(p.Path), ".")[0]
	e := &emitter{m: m, pkg: p.Path, f: f, diags: diags}
	for _, t := range ts {
		e.typeMethods(t)
	}
	return f.File(output.Join(p.Dir, g.OutputFile), m.Position(ts[0]), diags)
}

// selectTypes returns the types of p that get methods, in the order upstream
// writes them: sorted by name.
func selectTypes(m *model.Model, p *model.Package, diags *diag.List) []*types.Type {
	all := false
	if pm, ok := enablePackage.Get(p.Markers); ok {
		if pm.Value == "false" {
			return nil
		}
		all = true
	}
	var out []*types.Type
	for _, t := range sortedTypes(p) {
		if !m.Declared(t) {
			continue
		}
		setting := typeSetting(m.Markers(t))
		if setting == "false" || !all && setting != "true" {
			continue
		}
		ok, why := copyable(m, t, diags)
		switch {
		case ok && setting != "" && setting != "true":
			_, mk, _ := enableType.Lookup(m.Markers(t))
			diags.Errorf(mk.Pos, "unsupported value %s for +%s on a type: deepcopy-gen stops on it in a package it generates all types of", markers.QuoteShort(setting), enableMarker)
		case ok:
			out = append(out, t)
		case !all:
			diags.Errorf(m.Position(t), "type %s asks for +%s=true but cannot be deep-copied: %s", t.Name.Name, enableMarker, why)
		}
	}
	return out
}

func sortedTypes(p *model.Package) []*types.Type {
	ts := make([]*types.Type, 0, len(p.Types))
	for _, t := range p.Types {
		ts = append(ts, t)
	}
	slices.SortFunc(ts, func(a, b *types.Type) int { return strings.Compare(a.Name.Name, b.Name.Name) })
	return ts
}

// copyable reports whether methods can be generated for t, and if not, why.
func copyable(m *model.Model, t *types.Type, diags *diag.List) (bool, string) {
	if namer.IsPrivateGoName(t.Name.Name) {
		return false, "it is not exported"
	}
	switch t.Kind {
	case types.Struct:
		return true, ""
	case types.Alias:
		if hasMethods(m, t, diags) {
			return true, ""
		}
		if u := t.Underlying; u.Kind == types.Builtin {
			return false, "its underlying type " + u.Name.Name + " is copied by assignment"
		}
		return true, ""
	}
	return false, "only structs and named maps, slices and pointers get methods"
}

// isReference reports whether values of t share memory when assigned:
// pointers, maps, slices and named types of those.
func isReference(t *types.Type) bool {
	switch t.Kind {
	case types.Pointer, types.Map, types.Slice:
		return true
	case types.Alias:
		return isReference(underlying(t))
	}
	return false
}

func underlying(t *types.Type) *types.Type {
	for t.Kind == types.Alias {
		t = t.Underlying
	}
	return t
}

// Local reports that a package's file depends only on the package and
// what it imports (see engine.Local).
func (g *Generator) Local(*model.Model) (map[string][]string, bool) { return nil, true }

// Package prerelease generates the APILifecycle* methods that tell an API
// server when a pre-release API type was introduced, when it is deprecated
// and removed, and what replaces it. It produces the same files as
// k8s.io/code-generator's prerelease-lifecycle-gen.
package prerelease

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Generator is prerelease-lifecycle-gen.
type Generator struct {
	OutputFile string // file name written in each package directory
	Header     []byte // boilerplate, already read
}

// Selects takes the packages of the main module that carry a
// +k8s:prerelease-lifecycle-gen=true line, as Kubernetes' own
// update-codegen.sh does; kube_codegen.sh does not run this tool.
func (g *Generator) Selects(p *model.Package) bool {
	return p.Local() && p.Tagged(enableMarker+"=true")
}

// Generate writes one file for each package marked
// +k8s:prerelease-lifecycle-gen=true, even when it has no API types.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	return engine.EachPackage(m, g.OutputFile, func(p *model.Package) *output.File {
		if !enabled(p) {
			return nil
		}
		return g.packageFile(m, p, diags)
	}, nil)
}

func enabled(p *model.Package) bool {
	on, ok := enable.Get(p.Markers)
	return ok && on
}

// gvkName is the type APILifecycleReplacement returns.
var gvkName = types.Name{Package: "k8s.io/apimachinery/pkg/runtime/schema", Name: "GroupVersionKind"}

func (g *Generator) packageFile(m *model.Model, p *model.Package, diags *diag.List) *output.File {
	// Upstream names the replacement's type with an import tracker that
	// belongs to no package, so its one import is always named by the
	// last element of its path.
	f := output.NewGoFile("")
	f.Header = output.Header{Boilerplate: g.Header, BuildTag: load.BuildTag}
	f.Tool, f.Package = command, strings.Split(path.Base(p.Path), ".")[0]
	e := &emitter{f: f}
	for _, t := range apiTypes(m, p, diags) {
		if lc, ok := lifecycleOf(m, t, diags); ok {
			e.typeMethods(m, t, lc, diags)
		}
	}
	_, mk, _ := enable.Lookup(p.Markers)
	return f.File(output.Join(p.Dir, g.OutputFile), mk.Pos, diags)
}

// apiTypes returns the types of p that get methods, sorted by name as
// upstream orders them: exported structs declared in p that embed a
// TypeMeta.
func apiTypes(m *model.Model, p *model.Package, diags *diag.List) []*types.Type {
	var out []*types.Type
	for _, t := range p.Types {
		if !m.Declared(t) || t.Name.Package != p.Path || !isAPIType(t) {
			continue
		}
		if len(t.TypeParams) > 0 {
			diags.Errorf(m.Position(t), "generic type %s embeds TypeMeta, but prerelease-lifecycle-gen cannot generate methods for generic types", t.Name.Name)
			continue
		}
		out = append(out, t)
	}
	slices.SortFunc(out, func(a, b *types.Type) int { return strings.Compare(a.Name.Name, b.Name.Name) })
	return out
}

func isAPIType(t *types.Type) bool {
	if namer.IsPrivateGoName(t.Name.Name) || t.Kind != types.Struct {
		return false
	}
	return slices.ContainsFunc(t.Members, func(mb types.Member) bool { return mb.Embedded && mb.Name == "TypeMeta" })
}

// lifecycle is what the methods of one type return. A nil release means
// its method is not generated.
type lifecycle struct {
	introduced          Version
	deprecated, removed *Version
	replacement         *Replacement
}

// A package whose last path element is v<N> holds generally available
// types: they get Deprecated and Removed methods only when a marker asks.
var gaVersion = regexp.MustCompile(`^v\d+$`)

// lifecycleOf works out t's releases from its markers (see
// markers.LifecycleOf).
func lifecycleOf(m *model.Model, t *types.Type, diags *diag.List) (lifecycle, bool) {
	marks := m.Markers(t)
	releases, ok := markers.LifecycleOf(marks, gaVersion.MatchString(path.Base(t.Name.Package)))
	if !ok {
		if written(t, introducedMarker) {
			return lifecycle{}, false // malformed, and reported as such by the model
		}
		diags.Errorf(m.Position(t), "API type %s needs a +%s=<major>.<minor> marker: its package has +%s=true", t.Name.Name, introducedMarker, enableMarker)
		return lifecycle{}, false
	}
	lc := lifecycle{introduced: releases.Introduced, deprecated: releases.Deprecated, removed: releases.Removed}
	if r, ok := replacement.Get(marks); ok {
		lc.replacement = &r
	}
	return lc, true
}

// written reports whether a marker stands in t's comments, valid or not.
func written(t *types.Type, name string) bool {
	lines := append(slices.Clone(t.SecondClosestCommentLines), t.CommentLines...)
	_, ok := codetags.Extract("+", lines)[name]
	return ok
}

// emitter writes the methods of one package's file.
type emitter struct{ f *output.GoFile }

// The methods are written in this order, each unless the type's author
// wrote it already.
const (
	introducedMethod  = "APILifecycleIntroduced"
	deprecatedMethod  = "APILifecycleDeprecated"
	replacementMethod = "APILifecycleReplacement"
	removedMethod     = "APILifecycleRemoved"
)

func (e *emitter) typeMethods(m *model.Model, t *types.Type, lc lifecycle, diags *diag.List) {
	name := t.Name.Name
	if !handWritten(m, t, introducedMethod, 2, diags) {
		e.f.P("// %s is an autogenerated function, returning the release in which the API struct was introduced as int versions of major and minor for comparison.", introducedMethod)
		e.f.P("// It is controlled by %q tags in types.go.", introducedMarker)
		e.release(name, introducedMethod, lc.introduced)
	}
	if lc.deprecated != nil && !handWritten(m, t, deprecatedMethod, 2, diags) {
		e.f.P("// %s is an autogenerated function, returning the release in which the API struct was or will be deprecated as int versions of major and minor for comparison.", deprecatedMethod)
		e.f.P("// It is controlled by %q tags in types.go or  %q plus three minor.", deprecatedMarker, introducedMarker)
		e.release(name, deprecatedMethod, *lc.deprecated)
	}
	if r := lc.replacement; r != nil && !handWritten(m, t, replacementMethod, 1, diags) {
		gvkType := e.f.Name(&types.Type{Name: gvkName, Kind: types.Struct})
		e.f.P("// %s is an autogenerated function, returning the group, version, and kind that should be used instead of this deprecated type.", replacementMethod)
		e.f.P("// It is controlled by \"%s=<group>,<version>,<kind>\" tags in types.go.", replacementMarker)
		e.f.P("func (in *%s) %s() %s {", name, replacementMethod, gvkType)
		e.f.P("return %s{Group: %q, Version: %q, Kind: %q}", gvkType, r.Group, r.Version, r.Kind)
		e.f.P("}\n")
	}
	if lc.removed != nil && !handWritten(m, t, removedMethod, 2, diags) {
		e.f.P("// %s is an autogenerated function, returning the release in which the API is no longer served as int versions of major and minor for comparison.", removedMethod)
		e.f.P("// It is controlled by %q tags in types.go or  %q plus three minor.", removedMarker, deprecatedMarker)
		e.release(name, removedMethod, *lc.removed)
	}
}

func (e *emitter) release(typeName, method string, v Version) {
	e.f.P("func (in *%s) %s() (major, minor int) {", typeName, method)
	e.f.P("return %d, %d", v.Major, v.Minor)
	e.f.P("}\n")
}

// handWritten reports whether t's author wrote the method, which then is
// not generated. A hand-written method with the wrong shape is an error.
// (Upstream demands two results of APILifecycleReplacement too, so it
// fails on any hand-written one; here it must have its one result.)
func handWritten(m *model.Model, t *types.Type, method string, results int, diags *diag.List) bool {
	f, ok := t.Methods[method]
	if !ok {
		return false
	}
	if s := f.Signature; len(s.Parameters) != 0 || len(s.Results) != results {
		want := "(major, minor int)"
		if results == 1 {
			want = "schema.GroupVersionKind"
		}
		diags.Errorf(m.Position(t), "hand-written method %s.%s must take no parameters and return %s", t.Name.Name, method, want)
	}
	return true
}

// Local reports that a package's file depends only on the package and
// what it imports (see engine.Local).
func (g *Generator) Local(*model.Model) (map[string][]string, bool) { return nil, true }

// Package register generates the registration of a package's API types
// with a runtime.Scheme (GroupName, SchemeGroupVersion, AddToScheme, ...),
// producing the same files as k8s.io/code-generator's register-gen.
package register

import (
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Generator is register-gen.
type Generator struct {
	OutputFile string // file name written in each package directory
	Header     []byte // boilerplate, already read
}

// Selects takes, as kube_codegen.sh does, the packages of the main module
// that carry a +groupName line. A package that asks for registration with
// +k8s:register-gen alone is not among them.
func (g *Generator) Selects(p *model.Package) bool {
	return p.Local() && p.Tagged(markers.GroupName.Name)
}

const enableMarker = "k8s:register-gen"

var enableDefinition = markers.PackageSwitch(enableMarker, false,
	"generate the scheme registration of the package's types (any value but false); +groupName alone also asks for it")

// Define declares register-gen's markers and claims its name space.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(enableDefinition.Definition, markers.GroupName.Definition)
	reg.Own(enableMarker)
}

// handWrittenFile is the file whose presence means a package registers its
// types by hand.
const handWrittenFile = "register.go"

// Generate writes one file for each package that asks for registration,
// registers external (versioned) types and has no register.go.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	file := func(p *model.Package) *output.File {
		if gv, ok := groupVersion(m, p, diags); ok {
			return g.packageFile(m, p, gv, diags)
		}
		return nil
	}
	// A hand-written register.go is never ours, whatever --output-file says.
	return engine.EachPackage(m, g.OutputFile, file, func(p *model.Package) bool {
		return g.OutputFile != handWrittenFile || !hasFile(p, handWrittenFile)
	})
}

type gv struct{ group, version string }

// groupVersion decides whether p gets a file and, if so, the group and
// version it registers its types under.
func groupVersion(m *model.Model, p *model.Package, diags *diag.List) (gv, bool) {
	on, asked, ok := enableDefinition.Lookup(p.Markers)
	group, groupMarker, hasGroup := markers.GroupName.Lookup(p.Markers)
	switch {
	case ok && !on:
		return gv{}, false
	case !ok && !hasGroup:
		return gv{}, false
	case !ok:
		asked = groupMarker
	}
	if hasFile(p, handWrittenFile) || internal(m, p) {
		return gv{}, false
	}
	elems := strings.Split(p.Path, "/")
	if len(elems) < 2 {
		diags.Warnf(asked.Pos, "cannot register the types of %s: its import path must end in <group>/<version>", p.Path)
		return gv{}, false
	}
	out := gv{group: elems[len(elems)-2], version: elems[len(elems)-1]}
	if hasGroup {
		out.group = group
	}
	return out, true
}

// hasFile reports whether p's directory has a Go file of that name, whatever
// its build constraints.
func hasFile(p *model.Package, name string) bool {
	src := p.Source
	for _, list := range [][]string{src.GoFiles, src.CompiledGoFiles, src.IgnoredFiles, src.OtherFiles} {
		for _, f := range list {
			if filepath.Base(f) == name && filepath.Dir(f) == filepath.Clean(p.Dir) {
				return true
			}
		}
	}
	return false
}

// internal reports whether p holds internal (hub) types, which are
// registered by hand, or no API types at all: either way it gets no file.
// Internal types do not give their TypeMeta a json tag. Upstream looks at
// the first TypeMeta it meets in map order, so a package that mixes
// tagged and untagged TypeMetas is internal or not at random; here it is
// internal, as versioned types always tag TypeMeta.
func internal(m *model.Model, p *model.Package) bool {
	seen := false
	for _, t := range p.Types {
		if !m.Declared(t) {
			continue
		}
		for _, mb := range t.Members {
			if mb.Name == "TypeMeta" {
				if !strings.Contains(mb.Tags, "json") {
					return true
				}
				seen = true
				break
			}
		}
	}
	return !seen
}

// registered returns the names of p's types that embed TypeMeta, sorted.
func registered(m *model.Model, p *model.Package, diags *diag.List) []string {
	var out []string
	for _, t := range p.Types {
		if !m.Declared(t) || !slices.ContainsFunc(t.Members, func(mb types.Member) bool { return mb.Embedded && mb.Name == "TypeMeta" }) {
			continue
		}
		if len(t.TypeParams) > 0 {
			diags.Errorf(m.Position(t), "generic type %s embeds TypeMeta, but register-gen cannot register generic types", t.Name.Name)
			continue
		}
		out = append(out, t.Name.Name)
	}
	slices.Sort(out)
	return out
}

// Types the generated code refers to, in the order upstream names them:
// the order decides which package keeps its plain name when two collide.
var (
	metaGroupVersion  = types.Name{Package: "k8s.io/apimachinery/pkg/apis/meta/v1", Name: "GroupVersion"}
	groupVersionType  = types.Name{Package: "k8s.io/apimachinery/pkg/runtime/schema", Name: "GroupVersion"}
	groupResource     = types.Name{Package: "k8s.io/apimachinery/pkg/runtime/schema", Name: "GroupResource"}
	schemeBuilder     = types.Name{Package: "k8s.io/apimachinery/pkg/runtime", Name: "SchemeBuilder"}
	scheme            = types.Name{Package: "k8s.io/apimachinery/pkg/runtime", Name: "Scheme"}
	addToGroupVersion = types.Name{Package: "k8s.io/apimachinery/pkg/apis/meta/v1", Name: "AddToGroupVersion"}
)

func (g *Generator) packageFile(m *model.Model, p *model.Package, v gv, diags *diag.List) *output.File {
	f := output.NewGoFile(p.Path)
	f.Header = output.Header{Boilerplate: g.Header, BuildTag: load.BuildTag}
	f.Tool, f.Package = command, p.Name
	names := map[types.Name]string{}
	for _, n := range []types.Name{metaGroupVersion, groupVersionType, groupResource, schemeBuilder, scheme, addToGroupVersion} {
		names[n] = f.Qual(n.Package, n.Name)
	}
	writeBody(f, v, names, registered(m, p, diags))
	pos := token.Position{Filename: p.Dir}
	if _, mk, ok := enableDefinition.Lookup(p.Markers); ok {
		pos = mk.Pos
	} else if _, mk, ok := markers.GroupName.Lookup(p.Markers); ok {
		pos = mk.Pos
	}
	if strings.ContainsAny(v.group, "\"\\\n") {
		diags.Errorf(pos, "%s cannot write +groupName %q into a Go string as it is: it is not a plain name", command, v.group)
		return nil
	}
	return f.File(output.Join(p.Dir, g.OutputFile), pos, diags)
}

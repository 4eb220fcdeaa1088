// Package featuregate generates, for API types with +featureGate fields,
// the field-dropping helpers that the API-changes guide asks authors to
// write by hand in a REST strategy's PrepareForCreate and PrepareForUpdate:
// DropDisabled<Type>Fields clears a gated field whose gate is off unless
// the old object already uses it, and <Type>FeatureGatesInUse names the
// gates an object uses. No upstream tool generates them.
package featuregate

import (
	"bytes"
	"go/token"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// Generator is featuregate-gen.
type Generator struct {
	OutputFile string // file name written in each package directory
	Header     []byte // boilerplate, already read
	// KnownGates is the import path of a package whose exported string
	// constants are the known gate names; "" checks no names.
	KnownGates string
}

// Selects takes the packages that opt in.
func (g *Generator) Selects(p *model.Package) bool {
	return p.Tagged(enableMarker + "=package")
}

// Needs asks for the package of known gates.
func (g *Generator) Needs(map[string]markers.Set) []load.Extra {
	if g.KnownGates == "" {
		return nil
	}
	return []load.Extra{{Path: g.KnownGates, Why: "--known-feature-gates"}}
}

// Generate writes one file into each package that opts in.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	known := g.knownGates(m, diags)
	return engine.EachPackage(m, g.OutputFile, func(p *model.Package) *output.File {
		_, mk, ok := enable.Lookup(p.Markers)
		if !ok {
			return nil
		}
		return g.packageFile(m, p, mk, known, diags)
	}, nil)
}

// knownGates returns the values of the exported string constants of the
// --known-feature-gates package, or nil when no names are checked.
func (g *Generator) knownGates(m *model.Model, diags *diag.List) []string {
	if g.KnownGates == "" {
		return nil
	}
	p := m.Package(g.KnownGates)
	if p == nil {
		diags.Errorf(token.Position{}, "--known-feature-gates: package %s was not loaded", g.KnownGates)
		return nil
	}
	var out []string
	for _, c := range p.Constants {
		if !token.IsExported(c.Name.Name) || c.ConstValue == nil || !isString(c.Underlying) {
			continue
		}
		out = append(out, *c.ConstValue)
	}
	if len(out) == 0 {
		diags.Errorf(token.Position{}, "--known-feature-gates: package %s declares no exported constant of a string type", g.KnownGates)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (g *Generator) packageFile(m *model.Model, p *model.Package, enable markers.Marker, known []string, diags *diag.List) *output.File {
	a := newAnalysis(m, diags)
	a.checkPackage(p)
	roots := a.roots(p)
	if len(roots) == 0 {
		diags.Warnf(enable.Pos, "+%s=package: no type of package %s reaches a +%s field or value, so %s is empty", enableMarker, p.Path, gateMarker, g.OutputFile)
	}
	a.checkKnown(known)
	f := output.NewGoFileTracking(p.Path, newImportNames(p.Path, a.importNames()))
	f.Header = output.Header{BuildTag: load.BuildTag, GoBuildOnly: true}
	if b := bytes.TrimRight(g.Header, "\n"); len(g.Header) > 0 {
		f.Header.Boilerplate = append(b, '\n')
	}
	f.Tool, f.Package, f.Layout = command, p.Name, output.OneGroup
	newEmitter(a, p.Path).file(f, roots)
	return f.File(output.Join(p.Dir, g.OutputFile), enable.Pos, diags)
}

// packageIdent makes an import path an identifier, for the names of the
// helpers that walk another package's types.
func packageIdent(p string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, p)
}

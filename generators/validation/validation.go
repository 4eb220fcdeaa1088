// Package validation generates declarative validation functions, producing
// the same files as k8s.io/code-generator's validation-gen: a
// Validate_<Type> function for each type whose tags (or whose fields',
// transitively) ask for checks, and RegisterValidations, which installs
// those of the root types in a scheme.
package validation

import (
	"cmp"
	"errors"
	"go/token"
	"slices"
	"strings"

	"k8s.io/gengo/v2"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"

	v "github.com/apigen-dev/apigen/generators/validation/validators"
)

// invalidPos marks diagnostics that belong to no line of source.
var invalidPos token.Position

var defaultScheme = types.Name{Package: "k8s.io/apimachinery/pkg/runtime", Name: "Scheme"}

// Generator is validation-gen.
type Generator struct {
	OutputFile   string
	Header       []byte
	ReadOnlyPkgs []string // packages whose validation functions may be called, not generated

	// With TestOutputRoot, per-Kind coverage fixtures are written below
	// it, their names prefixed with TestFilePrefix, leaving out the rules
	// the YAML file TestAllowlist names.
	TestOutputRoot, TestFilePrefix, TestAllowlist string
}

// Selects takes the packages of the main module that carry a
// +k8s:validation-gen= line.
func (g *Generator) Selects(p *model.Package) bool {
	return p.Local() && p.Tagged(mainTag+"=")
}

// readOnly returns --readonly-pkg as import paths.
func (g *Generator) readOnly() []string { return load.Unvendored(g.ReadOnlyPkgs) }

// Needs names the +k8s:validation-gen-input packages and the read-only
// packages, so that they are read in the same load; with no package on,
// not the read-only ones either, as upstream's script runs no
// validation-gen then.
func (g *Generator) Needs(docs map[string]markers.Set) []load.Extra {
	return engine.InputNeeds(docs, enablePackage, inputPackage, g.readOnly(), "--readonly-pkg")
}

// activation is what a package's doc.go says about validation.
type activation struct {
	markers.Activation            // its values are the criteria of the root types
	register           bool       // RegisterValidations is written
	scheme             types.Name // the scheme it takes
}

func activationOf(path string, s markers.Set) activation {
	a := activation{Activation: markers.Activate(path, s, enablePackage, inputPackage), register: true, scheme: defaultScheme}
	if val, ok := scheme.Get(s); ok {
		if val == "nil" {
			a.register = false
		} else {
			a.scheme = types.ParseFullyQualifiedName(val)
		}
	}
	return a
}

// job is one package to write.
type job struct {
	pkg      *model.Package
	typesPkg *types.Package
	act      activation
	roots    []*types.Type
}

// Generate writes one file per package that turns validation on.
func (g *Generator) Generate(m *model.Model, diags *diag.List) engine.Output {
	jobs, canon := g.plan(m, diags)
	if len(jobs) == 0 {
		return engine.PerPackage(m, g.OutputFile, nil, nil)
	}
	reg := v.New(v.Config{Universe: m.Universe, InputToCanonicalPkg: canon})
	d := newDiscoverer(m, reg, canon)
	if err := d.readConstants(); err != nil {
		report(diags, err)
		return engine.Output{}
	}
	ok := true
	for _, j := range jobs {
		j.roots = g.roots(m, j)
		for _, t := range j.roots {
			if err := d.root(t); err != nil {
				report(diags, err)
				ok = false
			}
		}
	}
	for _, p := range customProblems(ok, reg, jobs) {
		pos := invalidPos
		if pkg := m.Universe[p.Func.Package]; pkg != nil && pkg.Functions[p.Func.Name] != nil {
			pos = m.Position(pkg.Functions[p.Func.Name])
		}
		diags.Errorf(pos, "+k8s:customValidation: %s.%s: %s", p.Func.Package, p.Func.Name, p.Msg)
		ok = false
	}
	if !ok {
		return engine.Output{}
	}
	if !g.lint(d, jobs, diags) {
		return engine.Output{}
	}
	var files []*output.File
	for _, j := range jobs {
		if m.Emits(j.pkg) {
			files = append(files, g.file(d, canon, j, diags)...)
		}
	}
	out := engine.PerPackage(m, g.OutputFile, files, nil)
	if g.TestOutputRoot != "" {
		out.Roots = append(out.Roots, g.TestOutputRoot)
		out.Add(g.testFixtures(d, jobs, diags)...)
	}
	return out
}

// report records err at the place it carries, unless an error is
// recorded on that line already: the markers reader checks the grammar of
// tags before the generator runs, and one problem is reported once.
func report(diags *diag.List, err error) {
	pos := invalidPos
	var pe *posError
	if errors.As(err, &pe) {
		pos = pe.pos
	}
	if pos.IsValid() {
		for _, d := range diags.Sorted() {
			if d.Severity == diag.Error && d.Pos.Filename == pos.Filename && d.Pos.Line == pos.Line {
				return
			}
		}
	}
	diags.Errorf(pos, "%v", err)
}

// plan finds the packages to generate, and maps every handled package to
// the one its functions are called from: the registering package, or else
// the first one.
func (g *Generator) plan(m *model.Model, diags *diag.List) ([]*job, map[string]string) {
	var jobs []*job
	canon := map[string]string{}
	for _, p := range m.Packages {
		a := activationOf(p.Path, p.Markers)
		if a.Mixed != nil {
			diags.Errorf(a.Mixed.Pos, "+%s: cannot mix \"false\" with other values", mainTag)
			continue
		}
		if !a.Enabled {
			continue
		}
		tp := m.Package(a.Input)
		if tp == nil {
			diags.Errorf(a.InputAt, "package %s, named by +%s, was not loaded", a.Input, inputTag)
			continue
		}
		if prev, seen := canon[a.Input]; !seen {
			canon[a.Input] = p.Path
		} else if a.register {
			if activationOf(prev, m.Package(prev).Markers).register {
				diags.Errorf(a.InputAt, "input %q is generated into two registering packages (%q, %q); mark one +%s=nil", a.Input, prev, p.Path, schemeTag)
				continue
			}
			canon[a.Input] = p.Path
		}
		jobs = append(jobs, &job{pkg: p, typesPkg: tp.Package, act: a})
	}
	if len(jobs) == 0 {
		return jobs, canon // read-only packages matter, and are loaded, only for a job
	}
	readOnly := g.readOnlyPackages(m, diags)
	for _, p := range readOnly {
		if _, ok := canon[p]; !ok {
			canon[p] = p
		}
	}
	readOnlyInputs(m, readOnly, canon)
	return jobs, canon
}

// readOnlyInputs points the validation of a read-only package's types at
// another read-only package that generates it: with
// k8s.io/apimachinery/pkg/apis/meta/v1/validation read only, ObjectMeta
// is validated by its Validate_ObjectMeta, which metav1 itself lacks.
// Upstream maps a read-only package to itself alone, and so calls
// functions that do not exist (apigen's addition; inputs being generated
// keep their own mapping).
func readOnlyInputs(m *model.Model, readOnly []string, canon map[string]string) {
	for _, r := range readOnly {
		p := m.Package(r)
		if p == nil {
			continue
		}
		a := activationOf(r, p.Markers)
		if a.Input != r && canon[a.Input] == a.Input && slices.Contains(readOnly, a.Input) {
			canon[a.Input] = r
		}
	}
}

// roots returns the types of a job that get a validation function whether
// or not something refers to them, by name.
func (g *Generator) roots(m *model.Model, j *job) []*types.Type {
	var out []*types.Type
	for _, t := range j.typesPkg.Types {
		if m.Declared(t) && isRoot(t, j.act.Values) {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *types.Type) int { return cmp.Compare(a.Name.String(), b.Name.String()) })
	return out
}

// isRoot reports whether t is selected: exported, not opted out, and
// opted in or matched by the package's criteria. Lists (types with
// ListMeta) are only taken when opted in.
func isRoot(t *types.Type, criteria []markers.Given) bool {
	if namer.IsPrivateGoName(t.Name.Name) {
		return false
	}
	if typeSwitch(t.CommentLines, "false") || typeSwitch(t.SecondClosestCommentLines, "false") {
		return false
	}
	if typeSwitch(t.CommentLines, "true") || typeSwitch(t.SecondClosestCommentLines, "true") {
		return true
	}
	if t.Kind == types.Struct && slices.ContainsFunc(t.Members, func(m types.Member) bool {
		return m.Embedded && m.Type.Name == types.Name{Package: "k8s.io/apimachinery/pkg/apis/meta/v1", Name: "ListMeta"}
	}) {
		return false
	}
	for _, given := range criteria {
		c := given.Value
		if c == "*" {
			return true
		}
		if f, ok := strings.CutPrefix(c, "TypesWithField="); ok && t.Kind == types.Struct &&
			slices.ContainsFunc(t.Members, func(m types.Member) bool { return m.Name == f }) {
			return true
		}
		if s, ok := strings.CutPrefix(c, "TypesWithSuffix="); ok && strings.HasSuffix(t.Name.Name, s) {
			return true
		}
	}
	return false
}

// typeSwitch reports whether the +k8s:validation-gen values among lines
// are exactly want.
func typeSwitch(lines []string, want string) bool {
	tags, err := gengo.ExtractFunctionStyleCommentTags("+", []string{mainTag}, lines)
	if err != nil {
		return false
	}
	vals := tags[mainTag]
	return len(vals) == 1 && vals[0].Value == want
}

// file writes a job's file, and its test file if the package asks for
// one.
func (g *Generator) file(d *discoverer, canon map[string]string, j *job, diags *diag.List) []*output.File {
	f := output.NewGoFile(j.pkg.Path)
	e := &emitter{
		disc: d, out: j.pkg.Path, in: j.typesPkg.Path, canon: canon,
		w: f, private: namer.NewPrivateNamer(0), public: namer.NewPublicNamer(0),
		hasValMem: map[*node]bool{},
	}
	if j.act.register {
		e.register(j.roots, j.act.scheme)
	}
	for _, t := range g.emitted(d, e, j) {
		e.variables(t)
		e.typeFunc(t)
	}
	g.start(f, j.pkg.Name)
	out := []*output.File{f.File(output.Join(j.pkg.Dir, g.OutputFile), invalidPos, diags)}
	if fixtureWanted(j.pkg) {
		out = append(out, g.fixture(j, diags))
	}
	if testTargets.Has(j.pkg.Markers) {
		if f := g.coverage(d, j, diags); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// emitted returns the types of the job's types package that get a
// function in the file, in upstream's order: the roots, and the types the
// roots reach that validate something.
func (g *Generator) emitted(d *discoverer, e *emitter, j *job) []*types.Type {
	var list []*types.Type
	for _, t := range j.typesPkg.Types {
		n := d.nodes[t]
		if slices.Contains(j.roots, t) || (n != nil && n.referenced && e.hasValidations(n)) {
			list = append(list, t)
		}
	}
	o := namer.Orderer{Namer: namer.NewPublicNamer(1)}
	return o.OrderTypes(list)
}

// start sets what every file of the generator shares: the header, and
// gofmt -s's composite literal rule after formatting.
func (g *Generator) start(f *output.GoFile, pkgName string) {
	f.Header = output.Header{Boilerplate: g.Header, BuildTag: load.BuildTag}
	f.Tool, f.Package = command, pkgName
	f.Rewrite = simplify
}

// fixtureWanted reports whether a package asks for the test file that
// checks its validateFalse fixtures.
func fixtureWanted(p *model.Package) bool {
	return fixture.Has(p.Markers)
}

// fixture writes the test file.
func (g *Generator) fixture(j *job, diags *diag.List) *output.File {
	name := strings.TrimSuffix(g.OutputFile, ".go") + "_test.go"
	f := output.NewGoFile(j.pkg.Path)
	g.start(f, j.pkg.Name)
	f.Import(`"testing"`)
	f.P("func TestValidation(t *testing.T) {\n\tlocalSchemeBuilder.Test(t).ValidateFixtures()\n}")
	return f.File(output.Join(j.pkg.Dir, name), invalidPos, diags)
}

// lint checks the tags of the root types of the packages that do not opt
// out, and reports whether they pass.
func (g *Generator) lint(d *discoverer, jobs []*job, diags *diag.List) bool {
	l := newLinter(d)
	for _, j := range jobs {
		if nolint.Has(j.pkg.Markers) {
			continue
		}
		for _, t := range j.roots {
			l.lintType(t)
		}
	}
	l.report(diags)
	return len(l.found) == 0
}

// customProblems are the registry's, once discovery went through: before,
// functions whose tags were not reached would look unused. Only the
// packages of the run's jobs and their inputs count: a read-only package
// is not this run's to judge.
func customProblems(discovered bool, reg *v.Registry, jobs []*job) []v.CustomProblem {
	if !discovered {
		return nil
	}
	mine := map[string]bool{}
	for _, j := range jobs {
		mine[j.pkg.Path], mine[j.typesPkg.Path] = true, true
	}
	return slices.DeleteFunc(reg.CustomValidationProblems(), func(p v.CustomProblem) bool { return !mine[p.Func.Package] })
}

// Local reports whether the generator is local (see engine.Local): it is,
// unless it writes coverage fixtures for every kind. A package whose
// +k8s:validation-gen-input names another package is linked with it: it
// reads that package's types, and the functions of the packages that
// refer to them are named after the package that generates them.
func (g *Generator) Local(m *model.Model) (map[string][]string, bool) {
	if g.TestOutputRoot != "" {
		return nil, false
	}
	links := map[string][]string{}
	for _, p := range m.Packages {
		if a := activationOf(p.Path, p.Markers); a.Enabled && a.Input != p.Path {
			links[p.Path] = append(links[p.Path], a.Input)
		}
	}
	return links, true
}

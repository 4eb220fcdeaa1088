// Package analysis offers apigen's checks as go/analysis analyzers, for
// go vet (cmd/apigen-vet), apigen vet, golangci-lint and editors. They
// run no second copy of any rule: the apigen analyzer builds the model of
// the package under analysis and runs apigen generate's generators over
// it, and each family analyzer reports the findings of its category
// (diag.Category).
package analysis

import (
	"fmt"
	"go/token"
	"go/version"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"

	xanalysis "golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/cli"
	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/generators/all"
	"github.com/apigen-dev/apigen/generators/conventions"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// DocURL is where the analyzers and their rules are documented.
const DocURL = "https://github.com/apigen-dev/apigen/blob/main/docs/vet.md"

// generateFlags are apigen generate's flags for the run the apigen
// analyzer makes (its -args flag, split at blanks).
var generateFlags []string

type argsFlag struct{}

func (argsFlag) String() string     { return strings.Join(generateFlags, " ") }
func (argsFlag) Set(s string) error { generateFlags = strings.Fields(s); return nil }

// Apigen runs apigen generate's generators over a package, writing
// nothing, and returns what they found there. It reports nothing itself.
var Apigen = &xanalysis.Analyzer{
	Name:       "apigen",
	Doc:        "run apigen generate's generators over the package, writing nothing, for the other analyzers to report what they find",
	URL:        DocURL,
	Run:        run,
	ResultType: reflect.TypeFor[[]diag.Diagnostic](),
	// apigen generate runs despite them: generated code may be missing.
	RunDespiteErrors: true,
}

// conventionRules are the conventions analyzer's on/off flags, one per
// rule of generators/conventions; those on are added to the run's
// --conventions-rules.
var conventionRules = map[string]*bool{}

func init() {
	Apigen.Flags.Var(argsFlag{}, "args", "apigen generate's flags for the run, space-separated (default: its defaults)")
	for _, r := range conventions.Rules {
		conventionRules[r] = Conventions.Flags.Bool(r, false, "check the "+r+" rule (see "+DocURL+"#"+r+")")
	}
}

// The family analyzers, one per category, and Generate for the
// generators' own findings (input they cannot generate correct code for).
var (
	Markers     = family(diag.Markers, "unknown or misspelled markers in the name spaces apigen's generators own, invalid values, markers out of place, and repeats")
	CEL         = family(diag.CEL, "CEL validation rules that do not compile or exceed the API server's cost budget, with the estimate, the limit and the bound that would fix it")
	FeatureGate = family(diag.FeatureGate, "+featureGate markers naming unknown gates, and gated fields that cannot be cleared")
	Protobuf    = family(diag.Protobuf, "protobuf field numbers that are reused, malformed, or that reuse a removed field's number")
	Conventions = family(diag.Conventions, "the rules of the Kubernetes API conventions that apigen can check")
	Generate    = family("generate", "input that apigen generate's generators cannot turn into correct code")
)

// Analyzers are every family analyzer, in the order of their names.
var Analyzers = []*xanalysis.Analyzer{CEL, Conventions, FeatureGate, Generate, Markers, Protobuf}

// family is the analyzer that reports the findings of one category.
func family(category, doc string) *xanalysis.Analyzer {
	a := &xanalysis.Analyzer{Name: category, Doc: "report " + doc, URL: DocURL + "#" + category,
		Requires: []*xanalysis.Analyzer{Apigen}, RunDespiteErrors: true}
	a.Run = func(pass *xanalysis.Pass) (any, error) {
		for _, d := range pass.ResultOf[Apigen].([]diag.Diagnostic) {
			if d.Category == category || (category == "generate" && d.Category == "") {
				report(pass, a, d)
			}
		}
		return nil, nil
	}
	return a
}

// run builds the package's model and runs the generators over it,
// returning the findings at the package's own files.
func run(pass *xanalysis.Pass) (any, error) {
	if pass.Module != nil {
		if err := supported(pass.Module.GoVersion, runtime.Version()); err != nil {
			return nil, fmt.Errorf("%s: %v", pass.Pkg.Path(), err)
		}
	}
	target := source(pass)
	if target == nil {
		return []diag.Diagnostic(nil), nil
	}
	cmd, err := parseGenerate(pass.Pkg.Path())
	if err != nil {
		return nil, err
	}
	diags := &diag.List{}
	res := load.Given(pass.Fset, target, pass.Pkg)
	for _, e := range engine.Needs(cmd.Generators(), map[string]markers.Set{target.PkgPath: docMarkers(pass, target, cmd.Options.Registry)}) {
		if res.AddExtra(e.Path) || e.Optional || e.Path == target.PkgPath {
			continue
		}
		// Not imported, or imported only by generated code that is
		// missing: read it from source.
		if err := res.LoadExtra(filepath.Dir(target.GoFiles[0]), e.Path); err != nil {
			e.Unloadable(err.Error(), diags)
		}
	}
	m := model.Build(res, cmd.Options.Registry, diags)
	if dirs := siblings(m, m.Packages[0]); len(dirs) > 0 {
		// The group's versions together, as apigen generate reads them.
		opts := cmd.Options
		opts.Patterns = append([]string{m.Packages[0].Dir}, dirs...)
		_, diags = engine.Generate(opts, cmd.Generators()...)
	} else {
		engine.GenerateModel(cmd.Options, m, cmd.Generators(), diags)
	}
	// The extra packages' findings are their own passes' to report.
	own := map[string]bool{}
	for _, f := range target.GoFiles {
		own[f] = true
	}
	var found []diag.Diagnostic
	for _, d := range diags.Sorted() {
		if own[d.Pos.Filename] {
			found = append(found, d)
		}
	}
	return found, nil
}

// supported checks that a module's go version (go.mod's go line) is one
// the Go that built apigen understands: its types and syntax may be newer
// otherwise.
func supported(module, built string) error {
	if module == "" || !strings.HasPrefix(built, "go") {
		return nil // unknown: a development build
	}
	mod := "go" + strings.TrimPrefix(module, "go")
	if version.Compare(version.Lang(mod), version.Lang(built)) > 0 {
		return fmt.Errorf("the module needs Go %s, newer than the Go %s apigen was built with, which supports go lines up to %s; build apigen with Go %s or later",
			strings.TrimPrefix(mod, "go"), strings.TrimPrefix(built, "go"), strings.TrimPrefix(version.Lang(built), "go"), strings.TrimPrefix(version.Lang(mod), "go"))
	}
	return nil
}

// docMarkers are the package markers of target's doc.go.
func docMarkers(pass *xanalysis.Pass, target *packages.Package, reg *markers.Registry) markers.Set {
	for _, f := range target.Syntax {
		if filepath.Base(pass.Fset.File(f.FileStart).Name()) == "doc.go" {
			return reg.PackageMarkers(pass.Fset, f)
		}
	}
	return nil
}

// parseGenerate parses the generate flags, with pkg as the one pattern
// unless pkg is "".
func parseGenerate(pkg string) (*cli.Generate, error) {
	var stderr strings.Builder
	flags := slices.Clone(generateFlags)
	for _, r := range conventions.Rules {
		if *conventionRules[r] {
			flags = append(flags, "--conventions-rules="+r)
		}
	}
	cmd, _, ok := all.Specs.ParseGenerate(flags, &stderr, &stderr)
	if !ok {
		return nil, fmt.Errorf("apigen generate's flags %q: %s", generateFlags, strings.TrimSpace(stderr.String()))
	}
	if pkg != "" {
		cmd.Options.Patterns = []string{pkg}
	}
	return cmd, nil
}

// report reports d, of analyzer a, in pass.
func report(pass *xanalysis.Pass, a *xanalysis.Analyzer, d diag.Diagnostic) {
	pos, ok := position(pass, d.Pos)
	if !ok {
		return
	}
	out := xanalysis.Diagnostic{Pos: pos, Message: d.Msg, Category: a.Name, URL: a.URL}
	if fix := suggested(pass, d.Fix); fix != nil {
		out.SuggestedFixes = []xanalysis.SuggestedFix{*fix}
	}
	pass.Report(out)
}

// position finds p among the pass's files, or those the apigen analyzer
// parsed.
func position(pass *xanalysis.Pass, p token.Position) (token.Pos, bool) {
	tf := fileNamed(pass, p.Filename)
	if tf == nil {
		return token.NoPos, false
	}
	switch {
	case p.Offset > 0 && p.Offset <= tf.Size():
		return tf.Pos(p.Offset), true
	case p.Line > 0 && p.Line <= tf.LineCount():
		return tf.LineStart(p.Line) + token.Pos(max(p.Column-1, 0)), true
	}
	return tf.Pos(0), true
}

// fileNamed is the parsed file of that name: one of the pass's, or else
// the one of the file set with the most lines (export data adds stand-ins
// that have fewer).
func fileNamed(pass *xanalysis.Pass, name string) *token.File {
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil && tf.Name() == name {
			return tf
		}
	}
	var best *token.File
	pass.Fset.Iterate(func(tf *token.File) bool {
		if tf.Name() == name && (best == nil || tf.LineCount() > best.LineCount()) {
			best = tf
		}
		return true
	})
	return best
}

// suggested converts a fix. A deletion that would leave only blanks on its
// line takes the whole line, so that a comment group stays one group.
func suggested(pass *xanalysis.Pass, fix *diag.Fix) *xanalysis.SuggestedFix {
	if fix == nil {
		return nil
	}
	out := &xanalysis.SuggestedFix{Message: fix.Message}
	for _, e := range fix.Edits {
		pos, ok1 := position(pass, e.Pos)
		end, ok2 := position(pass, e.End)
		if !ok1 || !ok2 {
			return nil
		}
		if e.New == "" {
			pos, end = wholeLine(pass, e.Pos, pos, end)
		}
		out.TextEdits = append(out.TextEdits, xanalysis.TextEdit{Pos: pos, End: end, NewText: []byte(e.New)})
	}
	return out
}

// wholeLine widens the deletion pos..end to its whole line, newline
// included, when nothing but blanks stands before pos and after end.
func wholeLine(pass *xanalysis.Pass, at token.Position, pos, end token.Pos) (token.Pos, token.Pos) {
	src, err := pass.ReadFile(at.Filename)
	tf := pass.Fset.File(pos)
	if err != nil || tf == nil {
		return pos, end
	}
	from, to := tf.Offset(pos), tf.Offset(end)
	start := from - (at.Column - 1)
	if start < 0 || strings.TrimSpace(string(src[start:from])) != "" {
		return pos, end
	}
	if to < len(src) && src[to] == '\n' {
		return tf.Pos(start), tf.Pos(to + 1)
	}
	return pos, end
}

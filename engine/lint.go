package engine

import (
	"fmt"
	"go/token"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// The --lint-rules that upstream's generators take: they check the
// generator tags of each input package's doc.go.
const (
	// LintKnownTagsOnly rejects a +k8s:…-gen tag that names no generator.
	LintKnownTagsOnly = "known-tags-only"
	// LintExplicitDisablement requires the tags of the generators a
	// package's role calls for, enabling or disabling each.
	LintExplicitDisablement = "require-explicit-disablement"
)

// LintRules are the rule names --lint-rules accepts.
var LintRules = []string{LintKnownTagsOnly, LintExplicitDisablement}

// generatorTag is the doc.go protocol of one generator, as upstream's
// linter knows it: the tag that turns it on or off, its input tag, the
// other package tags it owns, and how its value reads.
type generatorTag struct {
	activation, input string
	aux               []string
	hint              string // the accepted values, for messages
}

var (
	deepcopyTag   = generatorTag{activation: "k8s:deepcopy-gen", hint: "package or false"}
	conversionTag = generatorTag{activation: "k8s:conversion-gen", input: "k8s:conversion-gen-external-types", hint: "peer-package or false"}
	defaulterTag  = generatorTag{activation: "k8s:defaulter-gen", input: "k8s:defaulter-gen-input", hint: "TypeMeta or false"}
	validationTag = generatorTag{activation: "k8s:validation-gen", input: "k8s:validation-gen-input", hint: "TypeMeta or false",
		aux: []string{"k8s:validation-gen-nolint", "k8s:validation-gen-scheme-registry", "k8s:validation-gen-test-fixture", "k8s:validation-gen-test-targets"}}
	generatorTags = []generatorTag{
		conversionTag, defaulterTag, validationTag, deepcopyTag,
		{activation: "k8s:prerelease-lifecycle-gen"},
		{activation: "k8s:register-gen"},
		{activation: "k8s:openapi-gen", input: "k8s:openapi-model-package"},
		{activation: "k8s:protobuf-gen"},
		{activation: "k8s:client-gen", aux: []string{"genclient", "genclient:nonNamespaced", "genclient:noVerbs", "genclient:onlyVerbs",
			"genclient:skipVerbs", "genclient:noStatus", "genclient:readonly", "genclient:method", "groupGoName"}},
		{activation: "k8s:applyconfiguration-gen"},
		{activation: "k8s:informer-gen"},
		{activation: "k8s:lister-gen"},
		// apigen's own.
		{activation: "k8s:featuregate-gen"},
	}
)

// knownTags are the package tags of every generator.
var knownTags = func() []string {
	var out []string
	for _, g := range generatorTags {
		out = append(out, g.activation)
		if g.input != "" {
			out = append(out, g.input)
		}
		out = append(out, g.aux...)
	}
	slices.Sort(out)
	return out
}()

var plusKnownTags = func() []string {
	out := make([]string, len(knownTags))
	for i, t := range knownTags {
		out[i] = "+" + t
	}
	return out
}()

// lint applies rules to each package, at the lines of its doc.go. A tag
// the registry reads is not reported.
func lint(rules []string, pkgs []*model.Package, fset *token.FileSet, reg *markers.Registry, diags *diag.List) {
	diags = diags.In(diag.Conventions)
	for _, p := range pkgs {
		doc := docTags(p, fset)
		for _, rule := range rules {
			switch rule {
			case LintKnownTagsOnly:
				lintKnownTags(doc, reg, diags)
			case LintExplicitDisablement:
				lintExplicitDisablement(p, doc, diags)
			}
		}
	}
}

// docLines are a doc.go's marker lines, by tag name, and where the
// package clause stands.
type docLines struct {
	tags    map[string][]token.Position
	names   []string // in order of first appearance
	clause  token.Position
	present bool
}

func docTags(p *model.Package, fset *token.FileSet) docLines {
	d := docLines{tags: map[string][]token.Position{}}
	if p.Source == nil {
		return d
	}
	for _, f := range p.Source.Syntax {
		if filepath.Base(fset.Position(f.FileStart).Filename) != "doc.go" {
			continue
		}
		d.present = true
		d.clause = fset.Position(f.Package)
		for _, l := range markers.CommentLines(fset, f.Comments...) {
			if name := markers.TagName(l.Text); name != "" {
				if _, seen := d.tags[name]; !seen {
					d.names = append(d.names, name)
				}
				d.tags[name] = append(d.tags[name], l.Pos)
			}
		}
	}
	return d
}

func (d docLines) has(tag string) bool { return len(d.tags[tag]) > 0 }

// lintKnownTags reports each +k8s:…-gen tag whose base (the name up to a
// second colon) is no generator's tag.
func lintKnownTags(d docLines, reg *markers.Registry, diags *diag.List) {
	for _, name := range d.names {
		rest, ok := strings.CutPrefix(name, "k8s:")
		if !ok || !strings.Contains(name, "-gen") {
			continue
		}
		base := name
		if i := strings.Index(rest, ":"); i >= 0 {
			base = "k8s:" + rest[:i]
		}
		if _, known := slices.BinarySearch(knownTags, base); known || defines(reg, name) {
			continue
		}
		for _, pos := range d.tags[name] {
			diags.Errorf(pos, "+%s is not a known generator tag (--lint-rules %s)%s", name, LintKnownTagsOnly, markers.Suggest("+"+base, plusKnownTags))
		}
	}
}

// defines reports whether reg defines name. An unknown name in an owned
// name space is only the registry's warning, so the rule reports it.
func defines(reg *markers.Registry, name string) bool {
	return slices.ContainsFunc(reg.Definitions(), func(d *markers.Definition) bool { return d.Name == name })
}

// lintExplicitDisablement reports the generator tags that a package's
// role calls for and its doc.go lacks: deepcopy for a version of external
// types; conversion, defaulter and validation for the per-version
// internals of hub types.
func lintExplicitDisablement(p *model.Package, d docLines, diags *diag.List) {
	role, expected := packageRole(p, d)
	var missing []string
	for _, g := range expected {
		if !d.has(g.activation) {
			missing = append(missing, fmt.Sprintf("+%s=<%s>", g.activation, g.hint))
		}
	}
	if len(missing) == 0 {
		return
	}
	slices.Sort(missing)
	diags.Errorf(d.clause, "package %s looks like %s: its doc.go must enable or disable (=false) each of %s (--lint-rules %s)",
		p.Path, role, strings.Join(missing, ", "), LintExplicitDisablement)
}

var versionBase = regexp.MustCompile(`^v\d+([a-z]+\d+)?$`)

// packageRole guesses, as upstream's linter does, what an API package is,
// and the generators that role needs.
func packageRole(p *model.Package, d docLines) (string, []generatorTag) {
	if !d.present || !looksLikeAPI(d) || !versionBase.MatchString(path.Base(p.Path)) {
		return "", nil
	}
	if hasInlineTypeMeta(p) {
		return "a version of API types", []generatorTag{deepcopyTag}
	}
	for _, g := range []generatorTag{defaulterTag, validationTag} {
		if d.has(g.activation) || d.has(g.input) {
			return "the per-version internals (conversion, defaulting, validation) of the hub types at " + path.Dir(p.Path),
				[]generatorTag{conversionTag, defaulterTag, validationTag}
		}
	}
	return "", nil
}

func looksLikeAPI(d docLines) bool {
	if d.has("groupName") {
		return true
	}
	return slices.ContainsFunc(d.names, func(n string) bool {
		_, found := slices.BinarySearch(knownTags, n)
		return found
	})
}

// hasInlineTypeMeta reports whether a struct of p embeds TypeMeta with a
// json tag that gives it no name.
func hasInlineTypeMeta(p *model.Package) bool {
	for _, t := range p.Types {
		for _, m := range t.Members {
			if m.Name != "TypeMeta" || !m.Embedded {
				continue
			}
			if tag, ok := reflect.StructTag(m.Tags).Lookup("json"); ok && strings.Split(tag, ",")[0] == "" {
				return true
			}
		}
	}
	return false
}

package crd

import (
	"encoding/json"
	"fmt"
	"go/token"
	gotypes "go/types"
	"slices"
	"strconv"
	"strings"

	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextv1beta1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/client-go/util/jsonpath"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/parallel"
	"github.com/apigen-dev/apigen/internal/servercheck"
	"github.com/apigen-dev/apigen/markers"
)

// kindSite is the Go type one version of a CRD comes from.
type kindSite struct {
	pi *pkgInfo
	ti *typeInfo
}

// finding is a problem held back until checkDefaults has run, so that a
// default reported there is not reported twice.
type finding struct {
	pos      token.Position
	msg      string
	warn     bool
	category string // diag's category, "" for none
}

// toValidate is a built CRD waiting for validation, with the Go types
// its versions come from.
type toValidate struct {
	crd   *apiext.CustomResourceDefinition
	sites map[string]kindSite
	errs  field.ErrorList
}

// validateAll puts every CRD through the API server's own create-time
// validation (structural schema, defaults, printer columns, selectable
// fields, CEL compilation and cost), on as many goroutines as there are
// CPUs, and then records what it refuses at the marker, field or type
// responsible.
func (p *parser) validateAll(list []*toValidate) {
	failed := make([]error, len(list))
	parallel.Each(len(list), func(i int) {
		list[i].errs, failed[i] = servercheck.CRD(list[i].crd)
	})
	for i, v := range list {
		if failed[i] != nil {
			p.notChecked(v.crd, v.sites, failed[i])
			p.checkColumns(v.crd, v.sites) // apigen's own check
			continue
		}
		p.report(v)
	}
	if p.unchecked != nil {
		// One warning, not an error: upstream writes CRDs without these checks.
		p.pending = append(p.pending, finding{pos: p.uncheckedAt, warn: true, msg: fmt.Sprintf(
			"CRDs were not checked (the API server's validation of schemas, defaults and CEL rules did not run): %v", p.unchecked)})
	}
}

// notChecked notes the first reason the API server's checks did not run.
func (p *parser) notChecked(crd *apiext.CustomResourceDefinition, sites map[string]kindSite, err error) {
	if p.unchecked == nil {
		p.unchecked, p.uncheckedAt = err, sites[crd.Spec.Versions[0].Name].ti.pos
	}
}

// report records the API server's errors about one CRD, placed in the
// source; CEL problems come from servercheck.CEL, which says more.
func (p *parser) report(v *toValidate) {
	crd, sites := v.crd, v.sites
	var celErrs []*field.Error
	for _, e := range v.errs {
		if isCEL(e) {
			celErrs = append(celErrs, e)
			continue
		}
		if isStorageCount(e) {
			continue // checkVersions has said so
		}
		site, rest := p.siteOf(crd, sites, e.Field)
		p.pending = append(p.pending, finding{p.errorPos(site, rest, e), fmt.Sprintf("CRD %s: %s", crd.Name, e.Error()), isApproval(e), ""})
	}
	if len(celErrs) > 0 {
		before := len(p.pending)
		p.checkRules(crd, sites)
		// Should servercheck.CEL see nothing, the API server's words still count.
		found := len(p.pending) > before
		for _, e := range celErrs {
			if !found {
				p.pending = append(p.pending, finding{pos: sites[crd.Spec.Versions[0].Name].ti.pos, msg: fmt.Sprintf("CRD %s: %s", crd.Name, e.Error()), category: diag.CEL})
			}
		}
	}
	p.checkColumns(crd, sites)
}

// isApproval reports the API server's refusal of a CRD in a protected
// group (*.k8s.io, *.kubernetes.io) for its api-approved.kubernetes.io
// annotation: a policy, not the content. controller-gen writes such CRDs,
// and projects add the annotation in a later step.
func isApproval(e *field.Error) bool {
	return e.Field == "metadata.annotations["+apiextv1beta1.KubeAPIApprovedAnnotation+"]"
}

// isStorageCount reports the API server's refusal of a CRD whose versions
// do not have exactly one storage version.
func isStorageCount(e *field.Error) bool {
	return e.Field == "spec.versions" && strings.Contains(e.Detail, "storage version")
}

func isCEL(e *field.Error) bool {
	return strings.Contains(e.Field, "x-kubernetes-validations") || strings.Contains(e.Detail, "x-kubernetes-validations")
}

// siteOf finds the version a field path of the internal CRD is about
// (spec.versions[i]..., or the first version for what all versions share)
// and returns the rest of the path.
func (p *parser) siteOf(crd *apiext.CustomResourceDefinition, sites map[string]kindSite, path string) (kindSite, string) {
	version := crd.Spec.Versions[0].Name
	rest := strings.TrimPrefix(path, "spec.")
	if r, ok := strings.CutPrefix(rest, "versions["); ok {
		if i := strings.IndexByte(r, ']'); i > 0 {
			if n, err := strconv.Atoi(r[:i]); err == nil && n < len(crd.Spec.Versions) {
				version = crd.Spec.Versions[n].Name
			}
			rest = strings.TrimPrefix(r[i+1:], ".")
		}
	}
	return sites[version], rest
}

// errorPos places an error: inside the schema by walking the Go types,
// elsewhere at the kind's marker that holds the refused value.
func (p *parser) errorPos(site kindSite, rest string, e *field.Error) token.Position {
	if _, after, ok := strings.Cut(rest, "openAPIV3Schema"); ok {
		return p.schemaPos(site, splitPath(strings.TrimPrefix(after, ".")))
	}
	if bad, ok := e.BadValue.(string); ok && bad != "" {
		for _, mk := range site.ti.marks {
			if strings.Contains(fmt.Sprint(mk.Value), bad) {
				return mk.Pos
			}
		}
	}
	return site.ti.pos
}

// splitPath splits a field path at dots outside brackets.
func splitPath(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case r == '.' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// schemaPos follows schema steps (properties[x], items,
// additionalProperties, then a keyword) through the Go types of a kind and
// returns the position of the marker that set the keyword, or else of the
// field or type reached.
func (p *parser) schemaPos(site kindSite, steps []string) token.Position {
	obj := site.pi.pkg.Types.Scope().Lookup(site.ti.name)
	if obj == nil {
		return site.ti.pos
	}
	t, pos, marks := obj.Type(), site.ti.pos, site.ti.marks
	for _, st := range steps {
		switch {
		case strings.HasPrefix(st, "properties["):
			f, ft := p.fieldByJSON(t, strings.TrimSuffix(strings.TrimPrefix(st, "properties["), "]"))
			if f == nil {
				return pos
			}
			t, pos, marks = ft, f.pos, slices.Concat(f.marks, p.typeMarks(ft))
		case st == "items" || st == "additionalProperties":
			t = elem(t)
			if t == nil {
				return pos
			}
			marks = slices.Concat(marks, p.typeMarks(t))
		default:
			return markerFor(marks, st, pos)
		}
	}
	return pos
}

// markerFor returns the position of the marker setting keyword, or def.
func markerFor(marks markers.Set, keyword string, def token.Position) token.Position {
	keyword, _, _ = strings.Cut(keyword, "[")
	keyword = strings.TrimPrefix(keyword, "x-kubernetes-")
	for _, mk := range marks {
		name := mk.Def.Name
		if i := strings.LastIndexByte(name, ':'); i >= 0 {
			name = name[i+1:]
		}
		if strings.EqualFold(name, keyword) || strings.EqualFold(strings.ReplaceAll(keyword, "-", ""), name) {
			return mk.Pos
		}
	}
	return def
}

func elem(t gotypes.Type) gotypes.Type {
	switch u := deref(t).Underlying().(type) {
	case *gotypes.Slice:
		return u.Elem()
	case *gotypes.Array:
		return u.Elem()
	case *gotypes.Map:
		return u.Elem()
	}
	return nil
}

func deref(t gotypes.Type) gotypes.Type {
	for {
		pt, ok := t.(*gotypes.Pointer)
		if !ok {
			return t
		}
		t = pt.Elem()
	}
}

// infoOf returns what the collector read of a named type.
func (p *parser) infoOf(t gotypes.Type) (*pkgInfo, *typeInfo) {
	n, ok := gotypes.Unalias(deref(t)).(*gotypes.Named)
	if !ok || n.Obj().Pkg() == nil {
		return nil, nil
	}
	pi := p.pkg(n.Obj().Pkg().Path())
	if pi == nil {
		return nil, nil
	}
	return pi, pi.types[n.Obj().Name()]
}

func (p *parser) typeMarks(t gotypes.Type) markers.Set {
	if _, ti := p.infoOf(t); ti != nil {
		return ti.marks
	}
	return nil
}

// fieldByJSON finds the field of struct type t serialized as name,
// looking into inlined embedded structs.
func (p *parser) fieldByJSON(t gotypes.Type, name string) (*fieldInfo, gotypes.Type) {
	pi, ti := p.infoOf(t)
	if ti == nil {
		return nil, nil
	}
	for i := range ti.fields {
		f := &ti.fields[i]
		tag, opts, _ := strings.Cut(f.tag.Get("json"), ",")
		ft := p.typeOf(pi, ti.file, f.expr)
		switch {
		case tag == "-" || ft == nil:
		case tag == name:
			return f, ft
		case f.name == "" && (tag == "" || strings.Contains(opts, "inline")):
			if g, gt := p.fieldByJSON(ft, name); g != nil {
				return g, gt
			}
		case tag == "" && f.name == name:
			return f, ft
		}
	}
	return nil, nil
}

// checkRules reports, with servercheck.CEL's detail, the rules the API
// server refuses: those that do not compile and those over the cost
// budget, the latter with the maxItems/maxProperties/maxLength that would
// bound them.
func (p *parser) checkRules(crd *apiext.CustomResourceDefinition, sites map[string]kindSite) {
	for _, v := range crd.Spec.Versions {
		if v.Schema == nil || !hasRules(v.Schema.OpenAPIV3Schema) {
			continue
		}
		raw, err := json.Marshal(v.Schema.OpenAPIV3Schema)
		if err != nil {
			continue
		}
		var s spec.Schema
		if err := json.Unmarshal(raw, &s); err != nil {
			continue
		}
		problems, err := servercheck.CEL("root", map[string]spec.Schema{"root": s}, servercheck.Options{})
		if err != nil {
			p.notChecked(crd, sites, err)
			continue
		}
		overBudget := map[string]bool{}
		for _, pr := range problems {
			overBudget[pr.Rule] = overBudget[pr.Rule] || pr.Kind == servercheck.KindCost
		}
		for _, pr := range problems {
			if pr.Kind == servercheck.KindSchema || (pr.Kind == servercheck.KindTotalCost && overBudget[pr.Rule]) {
				continue
			}
			what := fmt.Sprintf("XValidation rule %q", pr.Rule)
			pos, ok := p.rules[pr.Rule]
			if pr.Index < 0 || !ok {
				what, pos = "XValidation rules", sites[v.Name].ti.pos
			}
			p.pending = append(p.pending, finding{pos: pos, msg: fmt.Sprintf("%s (%s/%s): %s%s",
				what, crd.Spec.Names.Kind, v.Name, pr.Message, p.costNote(pr, sites[v.Name])), category: diag.CEL})
		}
	}
}

// costNote gives the estimate of a cost problem and where bounds would
// lower it.
func (p *parser) costNote(pr servercheck.Problem, site kindSite) string {
	if pr.Cost == nil {
		return ""
	}
	note := fmt.Sprintf(" (estimated cost %d, limit %d", pr.Cost.Estimated, pr.Cost.Limit)
	var parts []string
	for _, b := range pr.Cost.Bounds {
		steps := pointerSteps(b.Path)
		pos := p.schemaPos(site, steps)
		parts = append(parts, fmt.Sprintf("%s on %s (%s:%d)", b.Keyword, dotted(steps), shortFile(pos), pos.Line))
	}
	if len(parts) > 0 {
		note += "; set " + strings.Join(parts, ", ")
	}
	return note + ")"
}

// pointerSteps turns a JSON Pointer into field-path steps.
func pointerSteps(ptr string) []string {
	var out []string
	parts := strings.Split(strings.TrimPrefix(ptr, "/"), "/")
	for i := 0; i < len(parts); i++ {
		part := strings.NewReplacer("~1", "/", "~0", "~").Replace(parts[i])
		if part == "properties" && i+1 < len(parts) {
			i++
			part = "properties[" + strings.NewReplacer("~1", "/", "~0", "~").Replace(parts[i]) + "]"
		}
		if part != "" {
			out = append(out, part)
		}
	}
	return out
}

// dotted names a schema node the way a user writes the data path.
func dotted(steps []string) string {
	var b strings.Builder
	for _, s := range steps {
		switch {
		case strings.HasPrefix(s, "properties["):
			b.WriteString("." + strings.TrimSuffix(strings.TrimPrefix(s, "properties["), "]"))
		case s == "items":
			b.WriteString("[*]")
		case s == "additionalProperties":
			b.WriteString("[key]")
		}
	}
	if b.Len() == 0 {
		return "the object"
	}
	return strings.TrimPrefix(b.String(), ".")
}

func shortFile(pos token.Position) string {
	if i := strings.LastIndexByte(pos.Filename, '/'); i >= 0 {
		if j := strings.LastIndexByte(pos.Filename[:i], '/'); j >= 0 {
			return pos.Filename[j+1:]
		}
	}
	return pos.Filename
}

func hasRules(s *schema) bool {
	found := len(s.XValidations) > 0
	(&parser{}).children(s, func(c *schema) { found = found || hasRules(c) })
	return found
}

// checkDefaults reports defaults whose JSON type does not fit the schema
// they were put on, then the held-back findings not at the same place.
func (p *parser) checkDefaults() {
	reported := map[token.Position]bool{}
	for _, d := range p.defaults {
		if d.s.Default == nil || d.s.Type == "" {
			continue
		}
		var v any
		if json.Unmarshal(d.s.Default.Raw, &v) != nil {
			continue
		}
		if got := jsonType(v); !fits(d.s.Type, got, v) {
			p.errorf(d.pos, "default %s is %s, but the field's type is %s", string(d.s.Default.Raw), got, d.s.Type)
			reported[d.pos] = true
		}
	}
	seen := map[string]bool{}
	for _, f := range p.pending {
		key := f.pos.String() + f.msg
		switch {
		case reported[f.pos] || seen[key]:
		case f.warn:
			p.diags.In(f.category).Warnf(f.pos, "%s", f.msg)
		default:
			p.diags.In(f.category).Errorf(f.pos, "%s", f.msg)
		}
		seen[key] = true
	}
}

func jsonType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "null"
}

func fits(typ, got string, v any) bool {
	switch typ {
	case "integer":
		f, ok := v.(float64)
		return ok && f == float64(int64(f))
	case "number":
		return got == "a number"
	case "string":
		return got == "a string"
	case "boolean":
		return got == "a boolean"
	case "array":
		return got == "an array"
	case "object":
		return got == "an object"
	}
	return true
}

// checkColumns parses printer columns' JSONPaths as the API server does
// when it builds a CRD's table view: one it cannot parse makes the
// resource unservable, though the CRD's validation lets it through.
func (p *parser) checkColumns(crd *apiext.CustomResourceDefinition, sites map[string]kindSite) {
	for _, v := range crd.Spec.Versions {
		for _, col := range v.AdditionalPrinterColumns {
			err := jsonpath.New(col.Name).Parse("{" + col.JSONPath + "}")
			if err == nil {
				continue
			}
			pos := sites[v.Name].ti.pos
			for mk, args := range printColumn.Each(sites[v.Name].ti.marks) {
				if args["JSONPath"] == col.JSONPath {
					pos = mk.Pos
				}
			}
			p.pending = append(p.pending, finding{pos: pos, msg: fmt.Sprintf("CRD %s: printer column %q (%s): JSONPath %q does not parse, so the API server could not serve the resource: %v",
				crd.Name, col.Name, v.Name, col.JSONPath, err)})
		}
	}
}

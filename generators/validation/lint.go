package validation

import (
	"fmt"
	"go/token"
	"path"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	v "github.com/apigen-dev/apigen/generators/validation/validators"
)

// The linter holds the tags of root types, and of every type they reach,
// to the rules upstream's validation-gen enforces unless a package says
// +k8s:validation-gen-nolint:
//   - +k8s:alpha and +k8s:beta stand first, and wrap a tag;
//   - a tag is at least as stable as its place (a package version with
//     "alpha" or "beta" in it, or an +k8s:alpha/+k8s:beta around it);
//   - a field that is not a plain struct and validates something, itself
//     or through its type, says whether it is optional or required.
type linter struct {
	d      *discoverer
	chain  map[string]bool // tags whose payload is another tag
	linted map[*types.Type]bool
	memo   map[lintKey]*bool // nil while being computed
	found  []lintFinding
}

// lintFinding is a broken rule: on a type, or on one of its fields.
type lintFinding struct {
	pos   token.Position
	t     *types.Type
	field string
	msg   string
}

// opacity is which parts of a value other tags say not to look into.
type opacity struct{ typ, key, val bool }

type lintKey struct {
	t  *types.Type
	op opacity
}

func newLinter(d *discoverer) *linter {
	l := &linter{d: d, chain: map[string]bool{}, linted: map[*types.Type]bool{}, memo: map[lintKey]*bool{}}
	for _, doc := range d.reg.Docs() {
		if doc.PayloadsType == codetags.ValueTypeTag {
			l.chain[doc.Tag] = true
		}
	}
	return l
}

// report records every finding.
func (l *linter) report(diags *diag.List) {
	for _, f := range l.found {
		if f.field == "" {
			diags.Errorf(f.pos, "lint: type %v: %s", f.t, f.msg)
		} else {
			diags.Errorf(f.pos, "lint: type %v: field %s: %s", f.t, f.field, f.msg)
		}
	}
}

// lintType checks t's tags, and those of what it is made of, once.
func (l *linter) lintType(t *types.Type) {
	if l.linted[t] {
		return
	}
	l.linted[t] = true
	if t.CommentLines != nil {
		if _, off := codetags.Extract("+", t.CommentLines)[nolintTag]; off {
			return
		}
		for _, msg := range l.check(lintPlace{container: t, t: t}, t.CommentLines) {
			l.found = append(l.found, lintFinding{l.d.m.Position(t), t, "", msg})
		}
	}
	switch t.Kind {
	case types.Alias:
		l.lintType(t.Underlying)
	case types.Struct:
		for i, m := range t.Members {
			for _, msg := range l.check(lintPlace{t, m.Type, &t.Members[i]}, m.CommentLines) {
				pos := l.d.m.FieldPosition(t, i)
				if !pos.IsValid() {
					pos = l.d.m.Position(t)
				}
				l.found = append(l.found, lintFinding{pos, t, m.Name, msg})
			}
			l.lintType(m.Type)
		}
	case types.Slice, types.Array, types.Pointer:
		l.lintType(t.Elem)
	case types.Map:
		l.lintType(t.Key)
		l.lintType(t.Elem)
	}
}

// lintPlace is where tags stand: on type t (then container is t too), or
// on member, of type t, of the struct container.
type lintPlace struct {
	container, t *types.Type
	member       *types.Member
}

// check runs every rule on the tags among comments, which stand at p.
func (l *linter) check(p lintPlace, comments []string) []string {
	var tags []codetags.Tag
	extracted := codetags.Extract("+", comments)
	names := make([]string, 0, len(extracted))
	for name := range extracted {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if parsed, err := codetags.ParseAll(extracted[name]); err == nil {
			tags = append(tags, parsed...)
		}
	}
	var out []string
	for _, rule := range []func(p lintPlace, tags []codetags.Tag) string{
		l.prefixRule, l.stabilityRule, l.requirednessRule,
	} {
		if msg := rule(p, tags); msg != "" {
			out = append(out, msg)
		}
	}
	return out
}

// prefixRule: +k8s:alpha and +k8s:beta wrap a tag, and are not wrapped.
func (l *linter) prefixRule(_ lintPlace, tags []codetags.Tag) string {
	for _, tag := range tags {
		for outer, cur := true, &tag; cur != nil; outer, cur = false, cur.ValueTag {
			if cur.Name != "k8s:alpha" && cur.Name != "k8s:beta" {
				continue
			}
			if !outer {
				return fmt.Sprintf("tag %q can't be used in between", cur.Name)
			}
			if cur.ValueTag == nil {
				return fmt.Sprintf("tag %q requires a validation tag as its value payload", cur.Name)
			}
		}
	}
	return ""
}

// rank orders stability levels, least stable first.
var rank = map[v.TagStabilityLevel]int{
	v.TagStabilityLevelAlpha: 0, v.TagStabilityLevelBeta: 1, v.TagStabilityLevelStable: 2,
}

// stabilityRule: no tag is less stable than the place it stands in.
func (l *linter) stabilityRule(p lintPlace, tags []codetags.Tag) string {
	pkg := p.container.Name.Package
	base := v.TagStabilityLevelStable
	switch version := path.Base(pkg); {
	case strings.Contains(version, "alpha"):
		base = v.TagStabilityLevelAlpha
	case strings.Contains(version, "beta"):
		base = v.TagStabilityLevelBeta
	}
	for _, tag := range tags {
		level, inner := base, tag
		switch tag.Name {
		case "k8s:alpha", "k8s:beta":
			level = v.TagStabilityLevelAlpha
			if tag.Name == "k8s:beta" {
				level = v.TagStabilityLevelBeta
			}
			if tag.ValueTag == nil {
				continue
			}
			inner = *tag.ValueTag
		}
		// Gated validations may use beta tags in a stable place.
		if (inner.Name == "k8s:ifEnabled" || inner.Name == "k8s:ifDisabled") && level == v.TagStabilityLevelStable {
			level = v.TagStabilityLevelBeta
		}
		if msg := l.tooNew(inner, level); msg != "" {
			return msg
		}
	}
	return ""
}

// tooNew checks tag and the tags nested in it against level.
func (l *linter) tooNew(tag codetags.Tag, level v.TagStabilityLevel) string {
	for cur := &tag; cur != nil; cur = cur.ValueTag {
		have, err := l.d.reg.Stability(cur.Name)
		if err != nil {
			return "" // not a validation tag
		}
		if rank[have] < rank[level] {
			return fmt.Sprintf("tag %q with stability level %q cannot be used in %s validation", cur.Name, have, level)
		}
	}
	return ""
}

const needRequiredness = "field with validation must have +k8s:optional, +k8s:required or +k8s:forbidden"

// requirednessRule: a field that may be absent (a pointer, list, map or
// scalar, not a struct) and that validates something says whether it is
// optional, required or forbidden.
func (l *linter) requirednessRule(p lintPlace, tags []codetags.Tag) string {
	if p.member == nil || p.container.Kind != types.Struct {
		return ""
	}
	t := p.t
	u := t
	for u.Kind == types.Alias {
		u = u.Underlying
	}
	if u.Kind == types.Struct || hasAnyTag(tags, "k8s:optional", "k8s:required", "k8s:forbidden") {
		return ""
	}
	if l.validates(tags) {
		return needRequiredness
	}
	vals, err := l.eval(l.memberContext(p.container, *p.member), l.known(tags))
	if err != nil {
		return fmt.Sprintf("invalid validation tags: %v", err)
	}
	has, _, err := l.transitive(t, opacity{vals.OpaqueType, vals.OpaqueKeyType, vals.OpaqueValType})
	if err != nil {
		return fmt.Sprintf("invalid validation tags: %v", err)
	}
	if has {
		return needRequiredness
	}
	return ""
}

// hasAnyTag reports whether a tag of one of names is among tags, or
// nested in their payloads.
func hasAnyTag(tags []codetags.Tag, names ...string) bool {
	for _, tag := range tags {
		for cur := &tag; cur != nil; cur = cur.ValueTag {
			if slices.Contains(names, cur.Name) {
				return true
			}
		}
	}
	return false
}

// validates reports whether tags hold a validation tag other than
// +k8s:optional and +k8s:opaqueType, looking through tags that wrap
// another.
func (l *linter) validates(tags []codetags.Tag) bool {
	for _, tag := range tags {
		switch {
		case tag.Name == "k8s:optional" || tag.Name == "k8s:opaqueType":
		case l.chain[tag.Name]:
			if tag.ValueTag != nil && l.validates([]codetags.Tag{*tag.ValueTag}) {
				return true
			}
		case l.d.reg.IsKnownTag(tag.Name):
			return true
		}
	}
	return false
}

// known keeps the validation tags of tags.
func (l *linter) known(tags []codetags.Tag) []codetags.Tag {
	var out []codetags.Tag
	for _, tag := range tags {
		if l.d.reg.IsKnownTag(tag.Name) {
			out = append(out, tag)
		}
	}
	return out
}

// transitive reports whether a value of t, with the parts op leaves out,
// is validated by the tags of its type or of the types it is made of. It
// also reports whether a cycle cut the search short, in which case the
// answer is not remembered.
func (l *linter) transitive(t *types.Type, op opacity) (has, cut bool, err error) {
	if op.typ {
		return false, false, nil
	}
	key := lintKey{t, op}
	if done, seen := l.memo[key]; seen {
		if done == nil {
			return false, true, nil
		}
		return *done, false, nil
	}
	l.memo[key] = nil
	has, cut, err = l.transitiveOnce(t, op)
	if err != nil {
		return false, false, err
	}
	if cut {
		delete(l.memo, key)
	} else {
		l.memo[key] = &has
	}
	return has, cut, nil
}

func (l *linter) transitiveOnce(t *types.Type, op opacity) (has, cut bool, err error) {
	tags, err := l.d.reg.ExtractTags(t.CommentLines)
	if err != nil {
		return false, false, err
	}
	vals, err := l.eval(l.typeContext(t), tags)
	if err != nil {
		return false, false, err
	}
	op = opacity{op.typ || vals.OpaqueType, op.key || vals.OpaqueKeyType, op.val || vals.OpaqueValType}
	switch {
	case op.typ:
		return false, false, nil
	case vals.HasEmitable():
		return true, false, nil
	}
	switch t.Kind {
	case types.Alias:
		return l.transitive(t.Underlying, op)
	case types.Pointer:
		return l.transitive(t.Elem, op)
	case types.Slice, types.Array:
		return l.transitive(t.Elem, opacity{typ: op.val})
	case types.Map:
		k, cutK, err := l.transitive(t.Key, opacity{typ: op.key})
		if err != nil {
			return false, false, err
		}
		e, cutE, err := l.transitive(t.Elem, opacity{typ: op.val})
		if err != nil {
			return false, false, err
		}
		return k || e, cutK || cutE, nil
	case types.Struct:
		return l.anyMember(t, op)
	}
	return false, false, nil
}

// anyMember reports whether a field of struct t is validated.
func (l *linter) anyMember(t *types.Type, op opacity) (has, cut bool, err error) {
	for _, m := range t.Members {
		tags, err := l.d.reg.ExtractTags(m.CommentLines)
		if err != nil {
			return false, false, err
		}
		if l.validates(tags) {
			return true, cut, nil
		}
		if slices.ContainsFunc(tags, func(tag codetags.Tag) bool { return tag.Name == "k8s:optional" }) {
			// Upstream evaluates the tag here with no field in its
			// context, which its +k8s:optional reads: a nil pointer panic.
			return false, false, fmt.Errorf("upstream's validation-gen panics on the +k8s:optional of %s.%s, which it reaches through this field's type; mark this field +k8s:optional, +k8s:required or +k8s:forbidden", t.Name.Name, m.Name)
		}
		vals, err := l.eval(l.memberContext(t, m), tags)
		if err != nil {
			return false, false, err
		}
		mop := opacity{op.typ || vals.OpaqueType, op.key || vals.OpaqueKeyType, op.val || vals.OpaqueValType}
		h, c, err := l.transitive(m.Type, mop)
		if err != nil {
			return false, false, err
		}
		cut = cut || c
		if h {
			return true, cut, nil
		}
	}
	return false, cut, nil
}

// eval evaluates tags in ctx with a registry of its own, so that what the
// tags record (list facts, union members) stays out of the run's state.
func (l *linter) eval(ctx v.Context, tags []codetags.Tag) (vals v.Validations, err error) {
	if len(tags) == 0 {
		return v.Validations{}, nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	reg := v.New(v.Config{Universe: l.d.m.Universe, InputToCanonicalPkg: l.d.canon})
	return reg.ExtractValidations(ctx, tags...)
}

func (l *linter) typeContext(t *types.Type) v.Context {
	return v.Context{Scope: v.ScopeType, Type: t, Path: field.NewPath(t.Name.String()), Constants: l.d.consts[t]}
}

func (l *linter) memberContext(container *types.Type, m types.Member) v.Context {
	parent := field.NewPath(container.Name.String())
	return v.Context{Scope: v.ScopeField, Type: m.Type, Path: parent.Child(m.Name), Member: &m,
		ParentPath: parent, ParentType: container}
}

package validators

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"k8s.io/gengo/v2/codetags"
)

// factories make the tag validators, one fresh set per Registry.
var factories []func() TagValidator

// Register adds a tag validator to every Registry made after it. Call it
// from an init function.
func Register(make func() TagValidator) { factories = append(factories, make) }

// TagValidationExtractor evaluates tags in a context.
type TagValidationExtractor interface {
	ExtractTagValidations(context Context, tags ...codetags.Tag) (Validations, error)
}

// Registry is the tag validators of one run.
type Registry struct {
	byName map[string]TagValidator
	names  []string   // sorted
	shared *runShared // the state its validators share
}

// New makes every registered tag validator afresh and initializes it.
// cfg.TagValidator is set to the new registry.
func New(cfg Config) *Registry {
	r := &Registry{byName: map[string]TagValidator{}}
	for _, f := range factories {
		tv := f()
		name := tv.TagName()
		if r.byName[name] != nil {
			panic(fmt.Sprintf("validation tag %q registered twice", name))
		}
		switch tv.Docs().StabilityLevel {
		case TagStabilityLevelAlpha, TagStabilityLevelBeta, TagStabilityLevelStable:
		default:
			panic(fmt.Sprintf("validation tag %q has no valid stability level", name))
		}
		r.byName[name] = tv
		r.names = append(r.names, name)
	}
	slices.Sort(r.names)
	cfg.TagValidator = r
	r.shared = newRunShared()
	cfg.shared = r.shared
	for _, name := range r.names {
		r.byName[name].Init(cfg)
	}
	return r
}

// Names returns every tag name, sorted.
func (r *Registry) Names() []string { return r.names }

// Lookup returns the validator of a tag name.
func (r *Registry) Lookup(name string) (TagValidator, bool) {
	tv, ok := r.byName[name]
	return tv, ok
}

// IsKnownTag reports whether name ("+" optional) is a validation tag.
func (r *Registry) IsKnownTag(name string) bool {
	_, ok := r.byName[strings.TrimPrefix(name, "+")]
	return ok
}

// Stability returns the stability level of a tag.
func (r *Registry) Stability(name string) (TagStabilityLevel, error) {
	tv, ok := r.byName[strings.TrimPrefix(name, "+")]
	if !ok {
		return "", fmt.Errorf("tag %q doesn't have stability level", name)
	}
	return tv.Docs().StabilityLevel, nil
}

// Docs returns every tag's documentation, by tag name.
func (r *Registry) Docs() []TagDoc {
	out := make([]TagDoc, 0, len(r.names))
	for _, name := range r.names {
		out = append(out, r.byName[name].Docs())
	}
	return out
}

// ExtractTags parses the validation tags among comment lines; other tags
// are left alone.
func (r *Registry) ExtractTags(comments []string) ([]codetags.Tag, error) {
	var out []codetags.Tag
	for name, lines := range codetags.Extract("+", comments) {
		if r.byName[name] == nil {
			continue
		}
		tags, err := codetags.ParseAll(lines)
		if err != nil {
			return nil, fmt.Errorf("failed to parse tags: %w: %s", err, lines)
		}
		out = append(out, tags...)
	}
	return out, nil
}

// ExtractValidations is ExtractTagValidations for a context's own tags.
func (r *Registry) ExtractValidations(context Context, tags ...codetags.Tag) (Validations, error) {
	return r.ExtractTagValidations(context, tags...)
}

// ExtractTagValidations evaluates tags in context. Tags are taken in name
// order, and tags of one name in their order of appearance, so the output
// does not depend on map order.
func (r *Registry) ExtractTagValidations(context Context, tags ...codetags.Tag) (Validations, error) {
	sorted := slices.Clone(tags)
	slices.SortStableFunc(sorted, func(a, b codetags.Tag) int { return cmp.Compare(a.Name, b.Name) })
	var out Validations
	for _, tag := range sorted {
		tv := r.byName[tag.Name]
		if tv == nil {
			return Validations{}, fmt.Errorf("unknown validation tag %q", tag.Name)
		}
		if !tv.ValidScopes().Has(context.Scope) {
			return Validations{}, fmt.Errorf("tag %q cannot be specified on %s", tag.Name, context.Scope)
		}
		if err := CheckTag(tag, tv.Docs()); err != nil {
			return Validations{}, fmt.Errorf("tag %q: %w", tag.Name, err)
		}
		v, err := tv.GetValidations(context, tag)
		if err != nil {
			return Validations{}, fmt.Errorf("tag %q: %w", tag.Name, err)
		}
		out.Add(v)
	}
	return out, nil
}

// CheckTag checks a tag's arguments and payload against its documentation.
func CheckTag(tag codetags.Tag, doc TagDoc) error {
	for _, want := range doc.Args {
		i := slices.IndexFunc(tag.Args, func(a codetags.Arg) bool { return a.Name == want.Name })
		switch {
		case i >= 0 && tag.Args[i].Type != want.Type:
			return fmt.Errorf("argument %q has wrong type: got %s, want %s", tag.Args[i], tag.Args[i].Type, want.Type)
		case i < 0 && want.Required && want.Name == "":
			return fmt.Errorf("missing required positional argument of type %s", want.Type)
		case i < 0 && want.Required:
			return fmt.Errorf("missing named argument %q of type %s", want.Name, want.Type)
		}
	}
	if !doc.AcceptsUnknownArgs {
		for _, a := range tag.Args {
			if _, ok := doc.Arg(a.Name); !ok {
				return fmt.Errorf("unrecognized named argument %q", a)
			}
		}
	}
	switch {
	case tag.ValueType == codetags.ValueTypeNone:
		if doc.PayloadsRequired {
			return fmt.Errorf("missing required tag value of type %s", doc.PayloadsType)
		}
	case doc.PayloadsType != codetags.ValueTypeRaw && tag.ValueType != doc.PayloadsType:
		return fmt.Errorf("tag value has wrong type: got %s, want %s", tag.ValueType, doc.PayloadsType)
	}
	return nil
}

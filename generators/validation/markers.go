package validation

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"k8s.io/gengo/v2/codetags"

	"github.com/apigen-dev/apigen/generators/validation/validators"
	"github.com/apigen-dev/apigen/markers"
)

const (
	mainTag          = "k8s:validation-gen"
	inputTag         = "k8s:validation-gen-input"
	schemeTag        = "k8s:validation-gen-scheme-registry"
	fixtureTag       = "k8s:validation-gen-test-fixture"
	testTargetsTag   = "k8s:validation-gen-test-targets"
	nolintTag        = "k8s:validation-gen-nolint"
	isSubresourceTag = "k8s:isSubresource"
	supportsSubTag   = "k8s:supportsSubresource"
)

// selector accepts a package's +k8s:validation-gen value: "*",
// TypesWithField=<name>, TypesWithSuffix=<suffix>, or false.
type selector struct{}

func (selector) Parse(raw string) (any, error) {
	if raw == "*" || raw == "false" {
		return raw, nil
	}
	for _, p := range []string{"TypesWithField=", "TypesWithSuffix="} {
		if v, ok := strings.CutPrefix(raw, p); ok {
			if v == "" {
				return nil, fmt.Errorf("%s needs a value", strings.TrimSuffix(p, "="))
			}
			return raw, nil
		}
	}
	if raw == "" {
		return nil, fmt.Errorf("a value is required")
	}
	return nil, fmt.Errorf("unknown value %q", raw)
}

func (selector) String() string { return "*|TypesWithField=Name|TypesWithSuffix=Suffix|false" }

// schemeRef accepts "nil" or a fully qualified type name.
type schemeRef struct{}

func (schemeRef) Parse(raw string) (any, error) {
	if raw == "nil" {
		return raw, nil
	}
	if i := strings.LastIndexByte(raw, '.'); i <= 0 || i == len(raw)-1 {
		return nil, fmt.Errorf("%q is not nil or a type name such as k8s.io/apimachinery/pkg/runtime.Scheme", raw)
	}
	return raw, nil
}

func (schemeRef) String() string { return "nil|import/path.Type" }

var (
	enablePackage = markers.Typed[string](&markers.Definition{Name: mainTag, Place: markers.Package, Value: selector{}, Repeatable: true,
		Help: "generate Validate_<Type> functions for the package's types: * for all, TypesWithField=F or TypesWithSuffix=S for some (repeatable); false turns it off"})
	enableType = markers.Typed[string](&markers.Definition{Name: mainTag, Place: markers.Type, Value: markers.OneOf{"true", "false"},
		Help: "always (true) or never (false) generate validation for this type"})
	inputPackage = markers.Typed[string](&markers.Definition{Name: inputTag, Place: markers.Package, Once: true, Value: markers.ImportPath{},
		Help: "the package whose types are validated, when not this one; the functions are written here"})
	scheme = markers.Typed[string](&markers.Definition{Name: schemeTag, Place: markers.Package, Once: true, Value: schemeRef{},
		Help: "the scheme type RegisterValidations takes, or nil for no registration"})
	fixture = markers.Typed[string](&markers.Definition{Name: fixtureTag, Place: markers.Package, Repeatable: true, Value: markers.OneOf{"validateFalse"},
		Help: "also write a _test.go file that checks the package's validateFalse fixtures"})
	testTargets = markers.Typed[string](&markers.Definition{Name: testTargetsTag, Place: markers.Package, Value: markers.Text{}, Whole: true,
		Help: "also write coverage tests for the package's root types"})
	// Upstream only looks for these two; k8s.io/api writes a comment after
	// the name ("+k8s:validation-gen-nolint // Note: …"), which is no tag
	// syntax, so their text is not parsed.
	nolint = markers.Typed[string](&markers.Definition{Name: nolintTag, Place: markers.Package | markers.Type, Value: markers.Text{}, Whole: true,
		Help: "do not lint the validation tags of the package's types, or of this type and what it is made of"})
	isSubresource = markers.Typed[string](&markers.Definition{Name: isSubresourceTag, Place: markers.Package | markers.Type, Once: true, Value: markers.Text{},
		Help: "the subresource (such as \"/status\") this type is validated for, instead of the root"})
	supportsSubresource = markers.Typed[string](&markers.Definition{Name: supportsSubTag, Place: markers.Package | markers.Type, Repeatable: true, Value: markers.Text{},
		Help: "a further subresource this type is validated for (repeatable)"})
)

var coreDefinitions = []*markers.Definition{
	enablePackage.Definition,
	enableType.Definition,
	inputPackage.Definition,
	scheme.Definition,
	fixture.Definition,
	testTargets.Definition,
	nolint.Definition,
	isSubresource.Definition,
	supportsSubresource.Definition,
}

// tagGrammar parses a whole validation tag and checks its arguments and
// payload, and those of the tags nested in its payload.
type tagGrammar struct{ docs map[string]validators.TagDoc }

func (g tagGrammar) Parse(raw string) (any, error) {
	tag, err := codetags.Parse(raw)
	if err != nil {
		return nil, err
	}
	if err := g.check(tag, true); err != nil {
		if errors.Is(err, errUnknownTag) {
			return nil, err
		}
		// Upstream checks a tag only on the types it validates: a
		// warning here, and an error where the generator evaluates it.
		return tag, &markers.Lenient{Value: tag, Err: err}
	}
	return tag, nil
}

var errUnknownTag = errors.New("unknown validation tag")

// check checks tag and the tags nested in its payload; errors about a
// nested tag name it, as the marker reader names the outer one.
func (g tagGrammar) check(tag codetags.Tag, outer bool) error {
	doc, ok := g.docs[tag.Name]
	if !ok {
		return fmt.Errorf("%w +%s%s", errUnknownTag, tag.Name, markers.Suggest(tag.Name, slices.Sorted(maps.Keys(g.docs))))
	}
	if err := validators.CheckTag(tag, doc); err != nil {
		if outer {
			return err
		}
		return fmt.Errorf("+%s: %w", tag.Name, err)
	}
	if tag.ValueTag != nil {
		return g.check(*tag.ValueTag, false)
	}
	return nil
}

func (tagGrammar) String() string { return "validation tag" }

// tagDefinitions defines every registered validation tag, once.
var tagDefinitions = sync.OnceValue(func() []*markers.Definition {
	var tagDefs []*markers.Definition
	reg := validators.New(validators.Config{})
	g := tagGrammar{docs: map[string]validators.TagDoc{}}
	for _, d := range reg.Docs() {
		g.docs[d.Tag] = d
	}
	for _, name := range reg.Names() {
		// Every place is accepted here: the generator checks a tag's
		// scope where it evaluates it, with upstream's words, and a
		// type's detached comment block in doc.go is read as the
		// package's too, where upstream ignores validation tags.
		place := markers.Package | markers.Type | markers.Field | markers.Const
		tagDefs = append(tagDefs, &markers.Definition{
			Name: name, Place: place, Value: g, Whole: true, Repeatable: true,
			Help: g.docs[name].Description,
		})
	}
	return tagDefs
})

// Define declares validation-gen's markers, including every validation
// tag, and claims their names.
func (g *Generator) Define(reg *markers.Registry) {
	reg.Define(coreDefinitions...)
	reg.Own(mainTag)
	for _, d := range tagDefinitions() {
		reg.Define(d)
		reg.Own(d.Name)
	}
}

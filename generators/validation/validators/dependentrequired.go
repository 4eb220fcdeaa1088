package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/parser/tags"
	"k8s.io/gengo/v2/types"
)

const (
	tagDependentRequired  = "k8s:dependentRequired"
	tagDependentForbidden = "k8s:dependentForbidden"
)

func init() {
	for _, dt := range []dependencyTag{{
		tagSpec: tagSpec{tagDependentRequired, []Scope{ScopeField}},
		fn:      "DependentRequired", errType: field.ErrorTypeRequired,
		summary: "When this field is set, the named sibling field must be set too.",
	}, {
		tagSpec: tagSpec{tagDependentForbidden, []Scope{ScopeField}},
		fn:      "DependentForbidden", errType: field.ErrorTypeForbidden,
		summary: "When this field is set, the named sibling field must be left unset.",
	}} {
		Register(func() TagValidator { c := dt; return &c })
	}
}

// dependencyTag ties a sibling field's presence to this field's: when this
// one is set, the sibling must be set (dependentRequired) or unset
// (dependentForbidden).
type dependencyTag struct {
	tagSpec
	fn      string
	errType field.ErrorType
	summary string
}

func (v *dependencyTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	if ctx.Member == nil {
		return Validations{}, fmt.Errorf("only struct fields may carry this tag")
	}
	parent := NonPointer(NativeType(ctx.ParentType))
	if parent.Kind != types.Struct {
		return Validations{}, fmt.Errorf("the enclosing type must be a struct, not %s", parent.Kind)
	}
	if len(tag.Args) != 1 {
		return Validations{}, fmt.Errorf("give exactly one argument, the sibling's JSON name (got %d)", len(tag.Args))
	}
	depName := tag.Args[0].Value
	dep := MemberByJSON(parent, depName)
	if dep == nil {
		return Validations{}, fmt.Errorf("the struct has no field with JSON name %q", depName)
	}
	if dep.Name == ctx.Member.Name {
		return Validations{}, fmt.Errorf("a field may not depend on itself (%q)", depName)
	}
	j, ok := tags.LookupJSON(*ctx.Member)
	if !ok || j.Name == "" {
		return Validations{}, fmt.Errorf("field %q has no JSON name", ctx.Member.Name)
	}
	for _, m := range []*types.Member{ctx.Member, dep} {
		switch k := NativeType(m.Type).Kind; k {
		case types.Pointer, types.Map, types.Slice, types.Builtin:
		default:
			return Validations{}, fmt.Errorf("field %q is of kind %s, for which being set is not defined", m.Name, k)
		}
	}
	ptr := types.PointerTo(ctx.ParentType)
	f := Function(v.name, DefaultFlags, stdFn(v.fn), j.Name, presenceFunc(ptr, ctx.Member), depName, presenceFunc(ptr, dep)).
		WithEmits(Emission{Type: v.errType, Origin: v.name[len("k8s:"):], PathFragment: "." + depName})
	// Both fields are needed, so the check runs on the struct.
	return deferTo(ParentContext, func() (Validations, error) { return single(f), nil }), nil
}

func (v *dependencyTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelAlpha,
		Args:           []TagArgDoc{requiredArg("<sibling-field-json-name>")},
		Description:    v.summary,
		Docs: "A field is set when it is a non-nil pointer, a non-empty list or map, or a non-zero value. " +
			"The rule goes one way only; use the tag once per sibling.",
	})
}

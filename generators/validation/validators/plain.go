package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const (
	tnMonotonic   = "k8s:monotonic"
	tnImmutable   = "k8s:immutable"
	tnOpaqueType  = "k8s:opaqueType"
	tnEnum        = "k8s:enum"
	tnEnumExclude = "k8s:enumExclude"
)

// plainTag is a tag validator that keeps no state: what it generates
// depends on the tag and its context only.
type plainTag struct {
	tagSpec
	validate func(Context, codetags.Tag) (Validations, error)
	doc      TagDoc // without name and scopes
}

func (pt plainTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	return pt.validate(ctx, tag)
}

func (pt plainTag) Docs() TagDoc { return describe(pt, pt.doc) }

func init() {
	for _, pt := range plainTags() {
		Register(func() TagValidator { return pt })
	}
}

func plainTags() []plainTag {
	return []plainTag{{
		tagSpec:  tagSpec{tnNEQ, valueScopes},
		validate: neqValidations,
		doc: TagDoc{
			StabilityLevel: TagStabilityLevelAlpha,
			Description:    "Rejects one particular value. Works on strings, integers and booleans.",
		}.withPayload(codetags.ValueTypeRaw, "<value>",
			"The forbidden value; its type (string, int or bool) comes from how it is written."),
	}, {
		tagSpec:  tagSpec{tnMonotonic, []Scope{ScopeType, ScopeField}},
		validate: monotonicValidations,
		doc: TagDoc{
			StabilityLevel: TagStabilityLevelAlpha,
			Description:    "On update, the new value must be at least the old one.",
		},
	}, {
		tagSpec:  tagSpec{tnImmutable, []Scope{ScopeType, ScopeField, ScopeListVal, ScopeMapVal}},
		validate: immutableValidations,
		doc: TagDoc{
			StabilityLevel: TagStabilityLevelStable,
			Description:    "Once set, the value can't be changed by an update.",
		},
	}, {
		tagSpec:  tagSpec{tnOpaqueType, valueScopes},
		validate: func(Context, codetags.Tag) (Validations, error) { return Validations{OpaqueType: true}, nil },
		doc: TagDoc{
			StabilityLevel: TagStabilityLevelStable,
			Description: "Skips whatever validation the referenced type declares. " +
				"A type from a package outside the generator's inputs must carry this tag, or generation stops, so that its checks are never dropped by accident; " +
				"to keep them instead, name its package with --readonly-pkg.",
		},
	}, {
		tagSpec:  tagSpec{tnEnum, []Scope{ScopeType}},
		validate: enumValidations,
		doc: TagDoc{
			StabilityLevel: TagStabilityLevelStable,
			Description: "Makes a string type an enumeration: its values are the constants declared with the type, " +
				"except those tagged +k8s:enumExclude.",
		},
	}, {
		// +k8s:enum reads this tag from the constant's tags.
		tagSpec:  tagSpec{tnEnumExclude, []Scope{ScopeConst}},
		validate: func(Context, codetags.Tag) (Validations, error) { return Validations{}, nil },
		doc: TagDoc{
			StabilityLevel: TagStabilityLevelAlpha,
			Description: "Leaves this constant out of the values of its +k8s:enum type. " +
				"Wrap it in +k8s:ifEnabled(Option) or +k8s:ifDisabled(Option) to leave it out only under that condition; " +
				"with several such wrappers, meeting any one of them is enough.",
		},
	}}
}

// monotonicValidations is +k8s:monotonic: an update may not lower an
// integer.
func monotonicValidations(ctx Context, _ codetags.Tag) (Validations, error) {
	if t := NonPointer(NativeType(ctx.Type)); !types.IsInteger(t) {
		return Validations{}, fmt.Errorf("must be an integer type (got %s)", typeTrail(ctx.Type, t))
	}
	return single(Function(tnMonotonic, DefaultFlags, stdFn("Monotonic"))), nil
}

// immutableValidations is +k8s:immutable: an update may not change the
// value. The call is flagged ShortCircuit, so that it is grouped with the
// requiredness checks.
func immutableValidations(Context, codetags.Tag) (Validations, error) {
	fn := Function(tnImmutable, ShortCircuit, stdFn("Immutable")).
		WithEmits(emitting(field.ErrorTypeInvalid, "immutable"))
	return single(fn), nil
}

package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const tnNEQ = "k8s:neq"

func init() { Register(func() TagValidator { return neqTag{} }) }

// neqTag is +k8s:neq=<value>: the value may not be the given one.
type neqTag struct{}

func (neqTag) Init(Config)     {}
func (neqTag) TagName() string { return tnNEQ }
func (neqTag) ValidScopes() sets.Set[Scope] {
	return sets.New(ScopeType, ScopeField, ScopeListVal, ScopeMapKey, ScopeMapVal)
}

func (neqTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	t := NonPointer(NativeType(ctx.Type))
	if !IsDirectComparable(t) {
		return Validations{}, fmt.Errorf("can only be used on comparable types (e.g. string, int, bool), but got %s", typeTrail(ctx.Type, t))
	}
	if tag.ValueType == codetags.ValueTypeNone {
		return Validations{}, fmt.Errorf("missing required payload")
	}
	banned, err := neqValue(t, tag)
	if err != nil {
		return Validations{}, err
	}
	fn := Function(tnNEQ, DefaultFlags, stdFn("NEQ"), banned).
		WithEmits(emitting(field.ErrorTypeInvalid, "neq"))
	return single(fn), nil
}

// neqValue reads the payload as a value of t: a string, bool or int.
func neqValue(t *types.Type, tag codetags.Tag) (any, error) {
	mismatch := func(kind string) error {
		return fmt.Errorf("type mismatch: field is %s, but payload is of type %s", kind, tag.ValueType)
	}
	switch {
	case t == types.String:
		if tag.ValueType != codetags.ValueTypeString {
			return nil, mismatch("a string")
		}
		return tag.Value, nil
	case t == types.Bool:
		if tag.ValueType != codetags.ValueTypeBool {
			return nil, mismatch("a bool")
		}
		b, err := ParseBool(tag.Value)
		if err != nil {
			return nil, fmt.Errorf("invalid bool value for payload: %w", err)
		}
		return b, nil
	case types.IsInteger(t):
		if tag.ValueType != codetags.ValueTypeInt {
			return nil, mismatch("an integer")
		}
		n, err := ParseInt(tag.Value)
		if err != nil {
			return nil, fmt.Errorf("invalid integer value for payload: %w", err)
		}
		return n, nil
	}
	return nil, fmt.Errorf("unsupported type for 'neq' tag: %s", t.Name)
}

func (n neqTag) Docs() TagDoc {
	return TagDoc{
		Tag:            tnNEQ,
		StabilityLevel: TagStabilityLevelAlpha,
		Scopes:         sets.List(n.ValidScopes()),
		Description:    "Rejects one particular value. Works on strings, integers and booleans.",
		Payloads: []TagPayloadDoc{{
			Description: "<value>",
			Docs:        "The forbidden value; its type (string, int or bool) comes from how it is written.",
		}},
		PayloadsType:     codetags.ValueTypeRaw,
		PayloadsRequired: true,
	}
}

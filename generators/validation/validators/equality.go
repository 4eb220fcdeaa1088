package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const tnNEQ = "k8s:neq"

// neqValidations is +k8s:neq=<value>: the value may not be the given one.
func neqValidations(ctx Context, tag codetags.Tag) (Validations, error) {
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

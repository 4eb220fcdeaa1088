package validators

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

// The methods below give the generator the facts that a Registry's tag
// validators gathered in its run, so that several runs in one process do
// not see each other's state.

// ListMatchArgs returns the match and equivalence arguments that the
// per-item runtime functions take for the list at fldPath of type t, as
// the list tags seen so far in r's run declare them.
func (r *Registry) ListMatchArgs(fldPath *field.Path, t *types.Type) (match, equiv any) {
	return r.shared.listMatchArgs(fldPath, t)
}

// ForEachVal returns fn applied to each value of the list or map t, the
// declared type of the field or type at fldPath.
func (r *Registry) ForEachVal(fldPath *field.Path, t *types.Type, fn FunctionGen) (Validations, error) {
	return r.shared.eachValues(fldPath, t, Validations{Functions: []FunctionGen{fn}})
}

// ForEachKey returns fn applied to each key of the map t.
func (r *Registry) ForEachKey(_ *field.Path, t *types.Type, fn FunctionGen) (Validations, error) {
	return eachKeys(t, Validations{Functions: []FunctionGen{fn}}), nil
}

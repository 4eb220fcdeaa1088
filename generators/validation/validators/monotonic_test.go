package validators

import (
	"testing"

	"k8s.io/gengo/v2/types"
)

func TestMonotonic(t *testing.T) {
	want := []FunctionGen{Function(tnMonotonic, DefaultFlags, stdFn("Monotonic"))}
	checkFunctions(t, "monotonic", mustFunctions(t, fieldContext(types.PointerTo(types.Int64)), "k8s:monotonic"), want)
	wantError(t, fieldContext(types.String), "k8s:monotonic", "must be an integer type (got string)")
	wantError(t, Context{Scope: ScopeListVal, Type: types.Int}, "k8s:monotonic", "cannot be specified on list values")
}

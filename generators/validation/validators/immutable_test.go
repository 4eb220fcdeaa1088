package validators

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

func TestImmutable(t *testing.T) {
	want := []FunctionGen{Function(tnImmutable, ShortCircuit, stdFn("Immutable")).
		WithEmits(emitting(field.ErrorTypeInvalid, "immutable"))}
	checkFunctions(t, "field", mustFunctions(t, fieldContext(tStruct), "k8s:immutable"), want)
	checkFunctions(t, "type", mustFunctions(t, typeContext(tStruct), "k8s:immutable"), want)
	wantError(t, Context{Scope: ScopeMapKey, Type: types.String}, "k8s:immutable", "cannot be specified on map keys")
	wantError(t, fieldContext(types.String), "k8s:immutable=1", "tag value has wrong type")
}

package validators

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

func TestNEQ(t *testing.T) {
	neq := func(v any) []FunctionGen {
		return []FunctionGen{Function(tnNEQ, DefaultFlags, stdFn("NEQ"), v).WithEmits(emitting(field.ErrorTypeInvalid, "neq"))}
	}
	checkFunctions(t, "string", mustFunctions(t, fieldContext(tNamedString), `k8s:neq="x"`), neq("x"))
	checkFunctions(t, "bool", mustFunctions(t, fieldContext(types.PointerTo(types.Bool)), `k8s:neq=true`), neq(true))
	checkFunctions(t, "int", mustFunctions(t, fieldContext(types.Int32), `k8s:neq=-4`), neq(-4))

	wantError(t, fieldContext(types.String), `k8s:neq=1`, "type mismatch: field is a string, but payload is of type int")
	wantError(t, fieldContext(types.Bool), `k8s:neq="true"`, "type mismatch: field is a bool")
	wantError(t, fieldContext(types.Int), `k8s:neq=false`, "type mismatch: field is an integer")
	wantError(t, fieldContext(types.Int), `k8s:neq=0x10`, "invalid integer value for payload")
	wantError(t, fieldContext(types.Int), `k8s:neq`, "missing required tag value")
	wantError(t, fieldContext(tStringSlice), `k8s:neq="x"`, "can only be used on comparable types")
	wantError(t, fieldContext(types.Float64), `k8s:neq=1`, "unsupported type for 'neq' tag: float64")
}

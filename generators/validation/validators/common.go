package validators

import (
	"fmt"
	"strconv"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

// stdValidatePkg is the package of the runtime validation functions.
const stdValidatePkg = "k8s.io/apimachinery/pkg/api/validate"

// stdFn names a function of the runtime validation package.
func stdFn(name string) types.Name {
	return types.Name{Package: stdValidatePkg, Name: name}
}

// typeTrail shows a type for error messages, with the type it resolves to
// when they differ.
func typeTrail(from, to *types.Type) string {
	if from == to {
		return from.String()
	}
	return fmt.Sprintf("%s -> %s", from, to)
}

// unsignedBuiltin reports whether t is one of gengo's unsigned integers.
func unsignedBuiltin(t *types.Type) bool {
	return t == types.Uint || t == types.Uint64 || t == types.Uint32 ||
		t == types.Uint16 || t == types.Byte
}

// integerWidth is the size in bits of one of gengo's integer builtins.
func integerWidth(t *types.Type) (int, error) {
	switch t {
	case types.Int, types.Uint:
		return strconv.IntSize, nil
	case types.Int64, types.Uint64:
		return 64, nil
	case types.Int32, types.Uint32:
		return 32, nil
	case types.Int16, types.Uint16:
		return 16, nil
	case types.Byte:
		return 8, nil
	}
	return 0, fmt.Errorf("unsupported integer type: %v", t)
}

// single wraps one function call as Validations.
func single(fn FunctionGen) Validations {
	return Validations{Functions: []FunctionGen{fn}}
}

// emitting is an Emission with no path fragment.
func emitting(t field.ErrorType, origin string) Emission {
	return Emission{Type: t, Origin: origin}
}

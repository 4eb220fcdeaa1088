package validators

import (
	"fmt"
	"math"
	"strconv"

	"k8s.io/gengo/v2/parser/tags"
	"k8s.io/gengo/v2/types"
)

// MemberByJSON returns the field of struct t whose JSON name is name.
func MemberByJSON(t *types.Type, name string) *types.Member {
	for i := range t.Members {
		if j, ok := tags.LookupJSON(t.Members[i]); ok && j.Name == name {
			return &t.Members[i]
		}
	}
	return nil
}

// NativeType follows named types (gengo's Alias kind) down to a type
// literal, keeping the pointers it passes: for type X []int, *X gives
// *[]int.
func NativeType(t *types.Type) *types.Type {
	ptrs := 0
	for {
		switch t.Kind {
		case types.Alias:
			t = t.Underlying
			continue
		case types.Pointer:
			ptrs++
			t = t.Elem
			continue
		}
		break
	}
	for range ptrs {
		t = types.PointerTo(t)
	}
	return t
}

// NonPointer strips pointers from t.
func NonPointer(t *types.Type) *types.Type {
	for t.Kind == types.Pointer {
		t = t.Elem
	}
	return t
}

// IsNilableType reports whether a value of t can be nil.
func IsNilableType(t *types.Type) bool {
	switch NativeType(t).Kind {
	case types.Pointer, types.Map, types.Slice, types.Interface:
		return true
	}
	return false
}

// IsDirectComparable reports whether values of t may be compared with ==
// without comparing pointers.
func IsDirectComparable(t *types.Type) bool {
	switch t.Kind {
	case types.Builtin:
		return true
	case types.Alias:
		return IsDirectComparable(t.Underlying)
	case types.Array:
		return IsDirectComparable(t.Elem)
	case types.Struct:
		for _, m := range t.Members {
			if !IsDirectComparable(m.Type) {
				return false
			}
		}
		return true
	}
	return false
}

// ParseInt parses an int written in canonical decimal form ("7", not "07"
// or "+7").
func ParseInt(s string) (int, error) {
	n, err := ParseSignedInt(s, strconv.IntSize)
	return int(n), err
}

// ParseSignedInt parses a canonical decimal that fits in bits (8 to 64).
func ParseSignedInt(s string, bits int) (int64, error) {
	n, err := parseCanonical(s, "int", strconv.ParseInt, strconv.FormatInt)
	if err != nil {
		return 0, err
	}
	if bits < 64 {
		lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1
		if n < lo || n > hi {
			return 0, fmt.Errorf("value %d does not fit in int%d (range [%d, %d])", n, bits, lo, hi)
		}
	}
	return n, nil
}

// ParseUnsignedInt parses a canonical decimal that fits in bits unsigned.
func ParseUnsignedInt(s string, bits int) (uint64, error) {
	n, err := parseCanonical(s, "uint", strconv.ParseUint, strconv.FormatUint)
	if err != nil {
		return 0, err
	}
	if hi := uint64(math.MaxUint64) >> (64 - bits); n > hi {
		return 0, fmt.Errorf("value %d does not fit in uint%d (range [0, %d])", n, bits, hi)
	}
	return n, nil
}

// parseCanonical parses s as a 64-bit decimal and accepts it only as
// format writes it back.
func parseCanonical[T int64 | uint64](s, kind string, parse func(string, int, int) (T, error), format func(T, int) string) (T, error) {
	n, err := parse(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("parsing %q as %s: %w", s, kind, err)
	}
	if format(n, 10) != s {
		return 0, fmt.Errorf("%q is not a valid %s value", s, kind)
	}
	return n, nil
}

// ParseBool accepts exactly "true" and "false".
func ParseBool(s string) (bool, error) {
	switch s {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("%q is not a valid bool value", s)
}

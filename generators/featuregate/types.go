package featuregate

import (
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/model"
)

// shape follows named non-struct types and aliases to the type that
// decides how a value is walked, compared and cleared.
func shape(t *types.Type) *types.Type {
	for t.Kind == types.Alias && t.Underlying != nil {
		t = t.Underlying
	}
	return t
}

// elem returns the type a pointer, slice, array or map (its values) holds,
// or nil.
func elem(t *types.Type) *types.Type {
	switch t = shape(t); t.Kind {
	case types.Pointer, types.Slice, types.Array, types.Map:
		return t.Elem
	}
	return nil
}

// walkable reports whether the generated code walks struct t: it is named,
// and neither generic nor an instance of a generic type.
func walkable(m *model.Model, t *types.Type) bool {
	return t.Kind == types.Struct && t.Name.Name != "" && t.Name.Package != "" &&
		len(t.TypeParams) == 0 && m.InstanceOf(t) == nil
}

// structBelow returns the walkable struct a value of type t holds, through
// pointers, slices, arrays and map values, or nil.
func structBelow(m *model.Model, t *types.Type) *types.Type {
	for ; t != nil; t = elem(t) {
		if s := shape(t); s.Kind == types.Struct {
			if walkable(m, s) {
				return s
			}
			return nil
		}
	}
	return nil
}

// enumBelow returns the named non-struct type (a possible enum) a value of
// type t holds, through pointers, slices, arrays and map values, or nil.
func enumBelow(t *types.Type) *types.Type {
	for ; t != nil; t = elem(t) {
		if t.Kind == types.Alias && shape(t).Kind == types.Builtin {
			return t
		}
		if shape(t).Kind == types.Builtin || shape(t).Kind == types.Struct {
			return nil
		}
	}
	return nil
}

func isString(t *types.Type) bool {
	return t != nil && shape(t).Kind == types.Builtin && shape(t).Name.Name == "string"
}

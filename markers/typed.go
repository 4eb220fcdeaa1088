package markers

import (
	"fmt"
	"iter"
	"reflect"
)

// Def is a Definition whose grammar yields values of type T. Generators
// declare their markers as Defs, register d.Definition, and read values
// through d, so that no reader asserts a type or spells a name.
type Def[T any] struct{ *Definition }

// Typed declares that d's grammar yields values of type T. The registry
// then checks every value it parses for d, so a grammar that yields
// another type fails at the first such marker of any test, not only where
// the value is read.
func Typed[T any](d *Definition) Def[T] {
	t := reflect.TypeFor[T]()
	if d.yields != nil && d.yields != t {
		panic(fmt.Sprintf("marker +%s declared to yield both %v and %v", d.Name, d.yields, t))
	}
	d.yields = t
	d.check = func(v any) { as[T](d, v) }
	return Def[T]{d}
}

// as is the one conversion of a parsed value to its Def's type. A value
// of another type is a programming error.
func as[T any](d *Definition, v any) T {
	t, ok := v.(T)
	if !ok {
		panic(fmt.Sprintf("marker +%s: grammar %T yields %T, not %v", d.Name, d.Value, v, reflect.TypeFor[T]()))
	}
	return t
}

// Of returns the value of m when m is a marker of d.
func (d Def[T]) Of(m Marker) (T, bool) {
	if m.Def != d.Definition {
		var zero T
		return zero, false
	}
	return as[T](d.Definition, m.Value), true
}

// Lookup returns the value and the marker of the first marker of d in s.
func (d Def[T]) Lookup(s Set) (T, Marker, bool) {
	for _, m := range s {
		if v, ok := d.Of(m); ok {
			return v, m, true
		}
	}
	var zero T
	return zero, Marker{}, false
}

// Get returns the value of the first marker of d in s.
func (d Def[T]) Get(s Set) (T, bool) {
	v, _, ok := d.Lookup(s)
	return v, ok
}

// Has reports whether s holds a marker of d.
func (d Def[T]) Has(s Set) bool {
	_, _, ok := d.Lookup(s)
	return ok
}

// Each yields the markers of d in s, in source order, with their values.
func (d Def[T]) Each(s Set) iter.Seq2[Marker, T] {
	return func(yield func(Marker, T) bool) {
		for _, m := range s {
			if v, ok := d.Of(m); ok && !yield(m, v) {
				return
			}
		}
	}
}

// All returns the values of the markers of d in s, in source order.
func (d Def[T]) All(s Set) []T {
	var out []T
	for _, v := range d.Each(s) {
		out = append(out, v)
	}
	return out
}

// ValueOf returns the value of m when its definition was declared to
// yield a T, for code that walks a Set of many definitions.
func ValueOf[T any](m Marker) (T, bool) {
	if m.Def == nil || m.Def.yields != reflect.TypeFor[T]() {
		var zero T
		return zero, false
	}
	return as[T](m.Def, m.Value), true
}

// TypeRefs returns the types m names when its grammar is TypeRefs, typed
// or not, and nil for other markers.
func (m Marker) TypeRefs() []*TypeRef {
	if _, ok := m.Def.Value.(TypeRefs); !ok {
		return nil
	}
	return as[[]*TypeRef](m.Def, m.Value)
}

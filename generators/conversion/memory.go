package conversion

import (
	gotypes "go/types"
	"sync"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/model"
)

// typesEqual decides whether two types have the same memory layout, so
// that one converts to the other by an unsafe.Pointer cast.
type typesEqual interface {
	Equal(a, b *types.Type) bool
}

type noEquality struct{}

func (noEquality) Equal(_, _ *types.Type) bool { return false }

// memoryEquality caches layout comparisons, for packages generated in
// parallel. Types joined by a hand-written conversion (other than a
// copy-only one) are never equal: the function must run.
type memoryEquality struct {
	mu    sync.Mutex
	known map[pair]bool
}

func newMemoryEquality(manual manualConversions, m *model.Model) *memoryEquality {
	e := &memoryEquality{known: map[pair]bool{}}
	for p, fn := range manual {
		if copyOnly(m, fn) {
			continue
		}
		e.known[pair{p.in, p.out}] = false
		e.known[pair{p.out, p.in}] = false
	}
	return e
}

func (e *memoryEquality) Equal(a, b *types.Type) bool {
	equal, _ := e.cached(a, b, nil)
	return equal
}

// cached compares a and b, remembering definite answers. An answer that
// assumed equality to break a cycle (cacheable false) is not remembered.
func (e *memoryEquality) cached(a, b *types.Type, visiting []*types.Type) (equal, cacheable bool) {
	if a == b {
		return true, true
	}
	e.mu.Lock()
	eq, ok := e.known[pair{a, b}]
	e.mu.Unlock()
	if ok {
		return eq, true
	}
	equal, cacheable = e.compare(a, b, visiting)
	if cacheable {
		e.mu.Lock()
		e.known[pair{a, b}] = equal
		e.known[pair{b, a}] = equal
		e.mu.Unlock()
	}
	return equal, cacheable
}

func (e *memoryEquality) compare(a, b *types.Type, visiting []*types.Type) (equal, cacheable bool) {
	in, out := unwrapAlias(a), unwrapAlias(b)
	if in == out {
		return true, true
	}
	if in.Kind != out.Kind {
		return false, true
	}
	for _, v := range visiting {
		if v == in {
			return true, false
		}
	}
	visiting = append(visiting, in)
	switch in.Kind {
	case types.Struct:
		if len(in.Members) != len(out.Members) {
			return false, true
		}
		cacheable = true
		for i, m := range in.Members {
			eq, c := e.cached(m.Type, out.Members[i].Type, visiting)
			if !eq {
				return false, true
			}
			cacheable = cacheable && c
		}
		return true, cacheable
	case types.Pointer, types.Slice:
		return e.cached(in.Elem, out.Elem, visiting)
	case types.Map:
		keyEq, keyC := e.cached(in.Key, out.Key, visiting)
		valEq, valC := e.cached(in.Elem, out.Elem, visiting)
		return keyEq && valEq, keyC && valC
	case types.Builtin:
		return in.Name.Name == out.Name.Name, true
	}
	// Interfaces and everything else are equal only when identical.
	return false, true
}

func unwrapAlias(t *types.Type) *types.Type {
	for t.Kind == types.Alias {
		t = t.Underlying
	}
	return t
}

// copyOnly reports whether a hand-written conversion is marked
// +k8s:conversion-fn=copy-only: equivalent to a plain copy.
func copyOnly(m *model.Model, fn *types.Type) bool {
	return fnSetting(m, fn) == "copy-only"
}

// dropped reports whether a hand-written conversion is marked
// +k8s:conversion-fn=drop: the field is not converted at all.
func dropped(m *model.Model, fn *types.Type) bool {
	return fnSetting(m, fn) == "drop"
}

func fnSetting(m *model.Model, fn *types.Type) string {
	v, _ := conversionFn.Get(m.FuncMarkers(fn))
	return v
}

// spellsInt8 reports whether field name of struct t declares an int8 inside
// a pointer, slice, array or map, which gengo, holding int8 and uint8 as
// one type named byte, spells byte.
func spellsInt8(t *types.Type, name string) bool {
	if t.GoType == nil {
		return false
	}
	st, ok := t.GoType.Underlying().(*gotypes.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Name() == name {
			return int8Inside(f.Type(), false)
		}
	}
	return false
}

func int8Inside(t gotypes.Type, inside bool) bool {
	switch t := gotypes.Unalias(t).(type) {
	case *gotypes.Basic:
		return inside && t.Kind() == gotypes.Int8
	case *gotypes.Pointer:
		return int8Inside(t.Elem(), true)
	case *gotypes.Slice:
		return int8Inside(t.Elem(), true)
	case *gotypes.Array:
		return int8Inside(t.Elem(), true)
	case *gotypes.Map:
		return int8Inside(t.Key(), true) || int8Inside(t.Elem(), true)
	}
	return false
}

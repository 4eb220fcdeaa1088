package deepcopy

import (
	gotypes "go/types"
	"strings"

	"k8s.io/gengo/v2/types"
)

// Upstream deepcopy-gen cannot copy values whose type is a type parameter.
// We can when the parameter's constraint says how: a DeepCopy() T method, or
// a type set of basic types, which assignment copies completely.

// copyTypeParam writes dst = src.DeepCopy() for a type parameter t whose
// constraint has that method, and reports a diagnostic otherwise.
func (e *emitter) copyTypeParam(dst, src string, t *types.Type) {
	tp, _ := t.GoType.(*gotypes.TypeParam)
	if tp == nil || !hasDeepCopyMethod(tp) {
		e.fail("cannot deep-copy values of type parameter %s: constrain it with a method DeepCopy() %s, or to basic types only (such as ~string | ~int)", t.Name.Name, t.Name.Name)
		return
	}
	if strings.HasPrefix(src, "*") {
		src = "(" + src + ")"
	}
	e.f.P("%s = %s.DeepCopy()", dst, src)
}

// assignable reports whether assignment deep-copies values of t: t is
// assignable in gengo's sense, or a type parameter limited to basic types.
func assignable(t *types.Type) bool {
	if t.Kind != types.TypeParam {
		return t.IsAssignable()
	}
	tp, ok := t.GoType.(*gotypes.TypeParam)
	return ok && onlyBasicTerms(tp.Constraint())
}

// hasDeepCopyMethod reports whether tp's constraint has DeepCopy() tp.
func hasDeepCopyMethod(tp *gotypes.TypeParam) bool {
	iface, ok := tp.Constraint().Underlying().(*gotypes.Interface)
	if !ok {
		return false
	}
	for i := range iface.NumMethods() {
		m := iface.Method(i)
		sig := m.Type().(*gotypes.Signature)
		if m.Name() == "DeepCopy" && sig.Params().Len() == 0 && sig.Results().Len() == 1 &&
			gotypes.Identical(sig.Results().At(0).Type(), tp) {
			return true
		}
	}
	return false
}

// onlyBasicTerms reports whether every type a constraint allows is a basic
// type (numbers, strings, booleans), so that assignment is a deep copy.
func onlyBasicTerms(c gotypes.Type) bool {
	iface, ok := c.Underlying().(*gotypes.Interface)
	if !ok {
		return false
	}
	found := false
	for i := range iface.NumEmbeddeds() {
		switch x := iface.EmbeddedType(i).(type) {
		case *gotypes.Union:
			for j := range x.Len() {
				if !isPlainBasic(x.Term(j).Type()) {
					return false
				}
			}
			found = true
		case *gotypes.Interface, *gotypes.Named:
			if _, isIface := x.Underlying().(*gotypes.Interface); isIface {
				if !onlyBasicTerms(x) {
					return false
				}
				found = true
				continue
			}
			if !isPlainBasic(x) {
				return false
			}
			found = true
		default:
			if !isPlainBasic(x) {
				return false
			}
			found = true
		}
	}
	return found
}

func isPlainBasic(t gotypes.Type) bool {
	b, ok := t.Underlying().(*gotypes.Basic)
	return ok && b.Kind() != gotypes.UnsafePointer && b.Kind() != gotypes.Invalid
}

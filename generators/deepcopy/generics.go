package deepcopy

import (
	gotypes "go/types"

	"k8s.io/gengo/v2/types"
)

// copyTypeParam writes dst = a deep copy of src, whose type is the type
// parameter t. Upstream deepcopy-gen cannot do this; we can when t's
// constraint says how: a DeepCopy() T method, or a type set of basic types
// that assignment copies completely.
func (e *emitter) copyTypeParam(dst, src string, t *types.Type) {
	tp, _ := t.GoType.(*gotypes.TypeParam)
	switch {
	case tp == nil:
		e.fail("cannot deep-copy type parameter %s", t.Name.Name)
	case hasDeepCopyMethod(tp):
		e.p("%s = %s.DeepCopy()", dst, src)
	case onlyBasicTerms(tp.Constraint()):
		e.p("%s = %s", dst, src)
	default:
		e.fail("cannot deep-copy values of type parameter %s: constrain it with a method DeepCopy() %s, or to basic types only (such as ~string | ~int)", tp.Obj().Name(), tp.Obj().Name())
	}
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

package deepcopy

import (
	"k8s.io/gengo/v2/types"
)

// copyValue writes statements that copy *in into *out, both of type t. The
// statements follow t's underlying kind; named types are constructed by
// their own names.
func (e *emitter) copyValue(t *types.Type) {
	switch underlying(t).Kind {
	case types.Builtin:
		e.copyBuiltin(t)
	case types.Map:
		e.copyMap(t)
	case types.Slice:
		e.copySlice(t)
	case types.Struct:
		e.copyStruct(t)
	case types.Pointer:
		e.copyPointer(t)
	default:
		e.fail("cannot deep-copy %s: a %s has no copy semantics; write DeepCopyInto for it by hand", t.Name, describe(underlying(t)))
	}
}

// copyByMethod writes "*out = in.DeepCopy()" when t's author wrote methods,
// and reports whether it did.
func (e *emitter) copyByMethod(t *types.Type) bool {
	if dc, dci := e.methods(t); dc != nil || dci != nil {
		e.f.P("*out = in.DeepCopy()")
		return true
	}
	return false
}

func (e *emitter) copyBuiltin(t *types.Type) {
	if !e.copyByMethod(t) {
		e.f.P("*out = *in")
	}
}

func (e *emitter) copyMap(t *types.Type) {
	if e.copyByMethod(t) {
		return
	}
	ut := underlying(t)
	elem, uelem := ut.Elem, underlying(ut.Elem)
	if !ut.Key.IsAssignable() {
		e.fail("cannot deep-copy %s: its map key type %s is not copied by assignment", t.Name, ut.Key.Name)
		return
	}
	e.f.P("*out = make(%s, len(*in))", e.name(t))
	e.f.P("for key, val := range *in {")
	dc, dci := e.methods(elem)
	switch {
	case dc != nil || dci != nil:
		e.assignCopy("(*out)[key]", "val", elem, dc)
	case (elem.IsAnonymousStruct() || assignable(uelem)) && e.shallow(elem):
		e.f.P("(*out)[key] = val")
	case e.plain && uelem.Kind == types.Pointer && hasMethods(e.m, uelem.Elem, e.diags):
		// controller-gen calls DeepCopy on a pointer to a type with a
		// hand-written DeepCopy or DeepCopyInto.
		e.f.P("(*out)[key] = val.DeepCopy()")
	case uelem.Kind == types.Interface:
		if e.checkInterface(uelem) {
			e.f.P("if val == nil {\n(*out)[key] = nil\n} else {\n(*out)[key] = val.DeepCopy%s()\n}", uelem.Name.Name)
		}
	case isReferenceKind(uelem):
		e.f.P("var outVal %s", e.underlyingName(uelem))
		if e.plain {
			// controller-gen copies from the map's entry, not the loop's variable.
			e.f.P("if val == nil {\n(*out)[key] = nil\n} else {\ninVal := (*in)[key]\nin, out := &inVal, &outVal")
		} else {
			e.f.P("if val == nil {\n(*out)[key] = nil\n} else {\nin, out := &val, &outVal")
		}
		e.copyValue(elem)
		e.f.P("}\n(*out)[key] = outVal")
	case uelem.Kind == types.Struct:
		e.f.P("(*out)[key] = *val.DeepCopy()")
	case uelem.Kind == types.TypeParam:
		e.copyTypeParam("(*out)[key]", "val", uelem)
	default:
		e.fail("cannot deep-copy the values of %s: a %s has no copy semantics", t.Name, describe(uelem))
	}
	e.f.P("}")
}

// assignCopy writes dst = a deep copy of src, through src's DeepCopy method,
// adjusting for DeepCopy returning a pointer or a value.
func (e *emitter) assignCopy(dst, src string, t *types.Type, dc *types.Signature) {
	leftPointer := t.Kind == types.Pointer
	rightPointer := !isReference(t)
	if dc != nil {
		rightPointer = dc.Results[0].Type.Kind == types.Pointer
	}
	switch {
	case leftPointer == rightPointer:
		e.f.P("%s = %s.DeepCopy()", dst, src)
	case leftPointer:
		e.f.P("x := %s.DeepCopy()\n%s = &x", src, dst)
	default:
		e.f.P("%s = *%s.DeepCopy()", dst, src)
	}
}

func (e *emitter) copySlice(t *types.Type) {
	if e.copyByMethod(t) {
		return
	}
	ut := underlying(t)
	elem, uelem := ut.Elem, underlying(ut.Elem)
	e.f.P("*out = make(%s, len(*in))", e.name(t))
	if dc, dci := e.methods(elem); dc != nil || dci != nil {
		e.f.P("for i := range *in {\n(*in)[i].DeepCopyInto(&(*out)[i])\n}")
		return
	}
	if (uelem.Kind == types.Builtin || assignable(uelem)) && e.shallowUnderlying(elem) {
		e.f.P("copy(*out, *in)")
		return
	}
	e.f.P("for i := range *in {")
	switch {
	case isReferenceKind(uelem):
		e.f.P("if (*in)[i] != nil {\nin, out := &(*in)[i], &(*out)[i]")
		e.copyValue(elem)
		e.f.P("}")
	case uelem.Kind == types.Interface:
		if e.checkInterface(uelem) {
			e.f.P("if (*in)[i] != nil {\n(*out)[i] = (*in)[i].DeepCopy%s()\n}", uelem.Name.Name)
		}
	case uelem.Kind == types.Struct:
		e.f.P("(*in)[i].DeepCopyInto(&(*out)[i])")
	case uelem.Kind == types.TypeParam:
		e.copyTypeParam("(*out)[i]", "(*in)[i]", uelem)
	default:
		e.fail("cannot deep-copy the elements of %s: a %s has no copy semantics", t.Name, describe(uelem))
	}
	e.f.P("}")
}

func (e *emitter) copyStruct(t *types.Type) {
	if e.copyByMethod(t) {
		return
	}
	e.f.P("*out = *in")
	ut := underlying(t)
	outer := e.at
	for i, mem := range ut.Members {
		if pos := e.m.FieldPosition(ut, i); pos.IsValid() {
			e.at = pos
		}
		outerParts := e.gengoParts
		if parts := e.declaredParts(ut, i); e.plain {
			e.declared = parts
		} else {
			e.gengoParts = parts
		}
		e.copyField(t, mem)
		e.at, e.declared, e.gengoParts = outer, nil, outerParts
	}
}

func (e *emitter) copyField(t *types.Type, mem types.Member) {
	ft := mem.Type
	uft := underlying(ft)
	in, out := "in."+mem.Name, "out."+mem.Name
	dc, dci := e.methods(ft)
	switch {
	case dc != nil || dci != nil:
		leftPointer := ft.Kind == types.Pointer
		rightPointer := !isReference(ft)
		if dc != nil {
			rightPointer = dc.Results[0].Type.Kind == types.Pointer
		}
		if leftPointer == rightPointer || leftPointer {
			e.assignCopy(out, in, ft, dc)
		} else {
			e.f.P("%s.DeepCopyInto(&%s)", in, out)
		}
	case uft.Kind == types.Builtin, uft.Kind == types.TypeParam && assignable(uft):
		// *out = *in copied it.
	case isReferenceKind(uft):
		e.f.P("if %s != nil {\nin, out := &%s, &%s", in, in, out)
		e.copyValue(ft)
		e.f.P("}")
	case uft.Kind == types.Array && e.plain:
		// controller-gen stops here, its method cut short.
		e.fail("invalid field type: %s", goTypeString(uft))
	case uft.Kind == types.Array:
		e.f.P("%s = %s", out, in)
	case uft.Kind == types.Struct && ft.IsAssignable() && e.shallow(ft):
		e.f.P("%s = %s", out, in)
	case uft.Kind == types.Struct:
		e.f.P("%s.DeepCopyInto(&%s)", in, out)
	case uft.Kind == types.Interface:
		if e.checkInterface(uft) {
			e.f.P("if %s != nil {\n%s = %s.DeepCopy%s()\n}", in, out, in, uft.Name.Name)
		}
	case uft.Kind == types.TypeParam:
		e.copyTypeParam(out, in, uft)
	default:
		e.fail("cannot deep-copy field %s.%s: a %s has no copy semantics; write DeepCopyInto for %s by hand", t.Name.Name, mem.Name, describe(uft), t.Name.Name)
	}
}

func (e *emitter) copyPointer(t *types.Type) {
	ut := underlying(t)
	elem, uelem := ut.Elem, underlying(ut.Elem)
	dc, dci := e.methods(elem)
	switch {
	case dc != nil || dci != nil:
		rightPointer := !isReference(elem)
		if dc != nil {
			rightPointer = dc.Results[0].Type.Kind == types.Pointer
		}
		if rightPointer {
			e.f.P("*out = (*in).DeepCopy()")
		} else {
			e.f.P("x := (*in).DeepCopy()\n*out = &x")
		}
	case assignable(uelem) && e.shallowUnderlying(elem):
		e.f.P("*out = new(%s)\n**out = **in", e.name(elem))
	case isReferenceKind(uelem):
		e.f.P("*out = new(%s)\nif **in != nil {\nin, out := *in, *out", e.name(elem))
		if e.plain {
			// controller-gen copies the pointee by its own name.
			e.copyValue(elem)
		} else {
			e.copyValue(uelem)
		}
		e.f.P("}")
	case uelem.Kind == types.Struct:
		e.f.P("*out = new(%s)\n(*in).DeepCopyInto(*out)", e.name(elem))
	case uelem.Kind == types.TypeParam:
		e.f.P("*out = new(%s)", e.name(elem))
		e.copyTypeParam("**out", "**in", uelem)
	default:
		e.fail("cannot deep-copy %s: a pointer to a %s has no copy semantics", t.Name, describe(uelem))
	}
}

// checkInterface reports whether values of interface t can be copied by a
// DeepCopy<Name> method, recording a diagnostic if not.
func (e *emitter) checkInterface(t *types.Type) bool {
	if t.Name.Package == "" {
		e.fail("cannot deep-copy an unnamed interface (%s); use a named interface that has a DeepCopy<Name>() method", t.Name.Name)
		return false
	}
	return true
}

func isReferenceKind(t *types.Type) bool {
	return t.Kind == types.Slice || t.Kind == types.Map || t.Kind == types.Pointer
}

func describe(t *types.Type) string {
	switch t.Kind {
	case types.Chan:
		return "channel"
	case types.Func:
		return "func"
	case types.Interface:
		return "interface"
	}
	return "type " + t.Name.Name
}

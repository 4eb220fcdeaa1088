package conversion

import "k8s.io/gengo/v2/types"

// The statements written here shadow "in" and "out" at each level of
// nesting, so the same code converts at any depth.

// convert writes statements converting *in to *out.
func (e *emitter) convert(in, out *types.Type) {
	switch in.Kind {
	case types.Builtin:
		if in == out {
			e.f.P("*out = *in")
		} else {
			e.f.P("*out = %s(*in)", e.name(out))
		}
	case types.Map:
		e.convertMap(in, out)
	case types.Slice:
		e.convertSlice(in, out)
	case types.Struct:
		e.convertStruct(in, out)
	case types.Pointer:
		e.convertPointer(in, out)
	default:
		e.f.P("// FIXME: Type %s is unsupported.", e.name(in))
		e.unconverted(in, out)
	}
}

// missing writes upstream's marker for a conversion nobody provides, and
// reports it: the generated code would not compile.
func (e *emitter) missing(in, out *types.Type) {
	e.f.P("// FIXME: Provide conversion function to convert %s to %s", e.name(in), e.name(out))
	e.f.P("compileErrorOnMissingConversion()")
	e.noPath(in, out)
}

// unconverted reports a value the generated code leaves as it is, unless a
// hand-written conversion covers it.
func (e *emitter) unconverted(in, out *types.Type) {
	if !e.covered {
		e.noPath(in, out)
	}
}

func (e *emitter) noPath(in, out *types.Type) {
	e.diags.Errorf(e.at, "no conversion from %s to %s: write func %s(in *%s, out *%s, s %s) error",
		in, out, "Convert_"+e.public.Name(in)+"_To_"+e.public.Name(out), e.name(in), e.name(out), e.name(scopeType))
}

// callConversion writes a call of the conversion from in to out, hand-written
// or generated, and reports whether there is one; call formats the call
// with the function's name.
func (e *emitter) callConversion(in, out *types.Type, call string) bool {
	switch fn, ok := e.preexists(in, out); {
	case ok:
		e.f.P("if err := "+call+"; err != nil {", e.name(fn))
	case e.convertible(in, out):
		e.f.P("if err := "+call+"; err != nil {", e.convertName(in, out))
	default:
		e.missing(in, out)
		return false
	}
	e.f.P("return err\n}")
	return true
}

func (e *emitter) convertMap(in, out *types.Type) {
	e.f.P("*out = make(%s, len(*in))", e.name(out))
	if !assignable(in.Key, out.Key) {
		e.f.P("for range *in {")
		e.f.P("// FIXME: Converting unassignable keys unsupported %s", e.name(in.Key))
		e.f.P("}")
		e.unconverted(in, out)
		return
	}
	key := func() string {
		if in.Key == out.Key {
			return "key"
		}
		return e.name(out.Key) + "(key)"
	}
	e.f.P("for key, val := range *in {")
	switch {
	case assignable(in.Elem, out.Elem):
		k := key()
		val := "val"
		if in.Elem != out.Elem {
			val = e.name(out.Elem) + "(val)"
		}
		e.f.P("(*out)[%s] = %s", k, val)
	default:
		if e.convertMapValue(in.Elem, out.Elem) {
			e.f.P("(*out)[%s] = *newVal", key())
		}
	}
	e.f.P("}")
}

// convertMapValue converts val into *newVal, reporting whether it could.
func (e *emitter) convertMapValue(in, out *types.Type) bool {
	if fn, ok := e.preexists(in, out); ok {
		e.f.P("newVal := new(%s)", e.name(out))
		e.f.P("if err := %s(&val, newVal, s); err != nil {\nreturn err\n}", e.name(fn))
		return true
	}
	if fn, ok := e.preexistsPointers(in, out); ok {
		e.f.P("newVal := new(%s)\nif val != nil {", e.name(out))
		e.f.P("*newVal = new(%s)", e.name(out.Elem))
		e.f.P("if err := %s(val, *newVal, s); err != nil {\nreturn err\n}\n}", e.name(fn))
		return true
	}
	if e.convertible(in, out) {
		e.f.P("newVal := new(%s)", e.name(out))
		e.f.P("if err := %s(&val, newVal, s); err != nil {\nreturn err\n}", e.convertName(in, out))
		return true
	}
	e.missing(in, out)
	return false
}

func (e *emitter) convertSlice(in, out *types.Type) {
	e.f.P("*out = make(%s, len(*in))", e.name(out))
	if in.Elem == out.Elem && in.Elem.Kind == types.Builtin {
		e.f.P("copy(*out, *in)")
		return
	}
	e.f.P("for i := range *in {")
	switch fn, ok := e.preexistsPointers(in.Elem, out.Elem); {
	case assignable(in.Elem, out.Elem) && in.Elem == out.Elem:
		e.f.P("(*out)[i] = (*in)[i]")
	case assignable(in.Elem, out.Elem):
		e.f.P("(*out)[i] = %s((*in)[i])", e.name(out.Elem))
	case e.hasManual(in.Elem, out.Elem):
		e.callConversion(in.Elem, out.Elem, "%s(&(*in)[i], &(*out)[i], s)")
	case ok:
		e.f.P("if (*in)[i] != nil {\n(*out)[i] = new(%s)", e.name(out.Elem.Elem))
		e.f.P("if err := %s((*in)[i], (*out)[i], s); err != nil {\nreturn err\n}\n}", e.name(fn))
	default:
		e.callConversion(in.Elem, out.Elem, "%s(&(*in)[i], &(*out)[i], s)")
	}
	e.f.P("}")
}

func (e *emitter) hasManual(in, out *types.Type) bool {
	_, ok := e.preexists(in, out)
	return ok
}

func (e *emitter) convertPointer(in, out *types.Type) {
	e.f.P("*out = new(%s)", e.name(out.Elem))
	switch {
	case assignable(in.Elem, out.Elem) && in.Elem == out.Elem:
		e.f.P("**out = **in")
	case assignable(in.Elem, out.Elem):
		e.f.P("**out = %s(**in)", e.name(out.Elem))
	default:
		e.callConversion(in.Elem, out.Elem, "%s(*in, *out, s)")
	}
}

// assignable reports whether a value of in can be assigned to out, with a
// conversion at most: it is copied completely by assignment, and is a
// basic type or declared in out's package.
func assignable(in, out *types.Type) bool {
	return in.IsAssignable() && (in.IsPrimitive() || in.Name.Package == out.Name.Package)
}

// sameUnderlying reports whether in and out are the same type once named
// types are unwrapped.
func sameUnderlying(in, out *types.Type) bool { return unwrapAlias(in) == unwrapAlias(out) }

// unwrapNamed returns a copy of t's underlying type bearing t's name, or t
// itself when it is not a named type. Conversions treat a named type like
// its underlying type but spell it by its own name.
func unwrapNamed(t *types.Type) *types.Type {
	u := unwrapAlias(t)
	if u == t {
		return t
	}
	c := *u
	c.Name = t.Name
	return &c
}

func findMember(t *types.Type, name string) (types.Member, int, bool) {
	if t.Kind != types.Struct {
		return types.Member{}, -1, false
	}
	for i, m := range t.Members {
		if m.Name == name {
			return m, i, true
		}
	}
	return types.Member{}, -1, false
}

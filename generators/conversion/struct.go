package conversion

import (
	"fmt"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/internal/hubspoke"
)

// convertStruct converts field by field, or by one unsafe cast when the two
// structs have the same memory layout and no field needs a function.
func (e *emitter) convertStruct(in, out *types.Type) {
	if e.memoryCopyable(in, out) {
		e.f.P("*out = *(*%s)(%s(in))", e.name(out), e.name(unsafePtr))
		return
	}
	for i := range in.Members {
		e.convertField(in, out, i)
	}
}

func (e *emitter) optedOut(t *types.Type, field int) bool {
	v, _ := enableField.Get(e.m.FieldMarkers(t, field))
	return v == "false"
}

// unreadable explains why field im of in, or its peer om of out, cannot be
// accessed from the output package, or returns "".
func (e *emitter) unreadable(in, out *types.Type, im, om types.Member) string {
	switch {
	case namer.IsPrivateGoName(im.Name) && e.t.pkg.Path != in.Name.Package:
		return "is not exported and cannot be read"
	case namer.IsPrivateGoName(om.Name) && e.t.pkg.Path != out.Name.Package:
		return "is not exported and cannot be set"
	}
	return ""
}

func (e *emitter) memoryCopyable(in, out *types.Type) bool {
	if !e.equal.Equal(in, out) {
		return false
	}
	for i, im := range in.Members {
		om, _, found := findMember(out, im.Name)
		if e.optedOut(in, i) || !found || e.unreadable(in, out, im, om) != "" {
			return false
		}
		if fn, ok := e.preexists(im.Type, om.Type); ok && !copyOnly(e.m, fn) {
			return false
		}
	}
	return true
}

// keptByHub reports whether in is a type of a hub marked
// +apigen:conversion:hub and out its peer in the spoke being generated:
// the hub's fields the spoke lacks are then kept by the spoke's
// generated ConvertFromHub, not converted by hand.
func (e *emitter) keptByHub(in, out *types.Type) bool {
	return out.Name.Package == e.t.pkg.Path && in.Name.Package != out.Name.Package &&
		hubspoke.IsHub(e.m.Package(in.Name.Package))
}

func (e *emitter) skip(in *types.Type, field int, name, why string) {
	e.skipped[in] = append(e.skipped[in], skippedField{name: name, why: why, pos: e.m.FieldPosition(in, field)})
}

// convertField writes the conversion of field i of in to the field of the
// same name in out.
func (e *emitter) convertField(in, out *types.Type, i int) {
	im := in.Members[i]
	if e.optedOut(in, i) {
		e.f.P("// INFO: in.%s opted out of conversion generation", im.Name)
		return
	}
	om, _, found := findMember(out, im.Name)
	if !found {
		if !e.covered && e.keptByHub(in, out) {
			e.f.P("// INFO: in.%s does not exist in peer-type; the spoke's ConvertFromHub keeps it", im.Name)
			return
		}
		e.f.P("// WARNING: in.%s requires manual conversion: does not exist in peer-type", im.Name)
		e.skip(in, i, im.Name, "it does not exist in "+out.String())
		return
	}
	if why := e.unreadable(in, out, im, om); why != "" {
		side := "in"
		if why == "is not exported and cannot be set" {
			side = "out"
		}
		e.f.P("// WARNING: %s.%s %s", side, im.Name, why)
		e.skip(in, i, im.Name, "the field "+why)
		return
	}
	it, ot := unwrapNamed(im.Type), unwrapNamed(om.Type)
	if e.equal.Equal(it, ot) && e.castField(im.Name, it, ot) {
		if spellsInt8(out, im.Name) {
			e.diags.Errorf(e.m.FieldPosition(in, i), "field %s holds an int8, which conversion-gen spells byte in its unsafe cast, so the conversion would not compile; use a named type (type X int8) or another integer type", im.Name)
		}
		return
	}
	if fn, ok := e.preexists(im.Type, om.Type); ok {
		if dropped(e.m, fn) {
			return
		}
		if !copyOnly(e.m, fn) || !fastConversion(it, ot) {
			e.f.P("if err := %s(&in.%s, &out.%s, s); err != nil {\nreturn err\n}", e.name(fn), im.Name, im.Name)
			return
		}
	}
	if it.Kind != ot.Kind {
		e.f.P("// WARNING: in.%s requires manual conversion: inconvertible types (%s vs %s)", im.Name, it.String(), ot.String())
		e.skip(in, i, im.Name, fmt.Sprintf("its type %s cannot be converted to %s", it, ot))
		return
	}
	e.at = e.m.FieldPosition(in, i)
	e.convertFieldValue(im.Name, it, ot)
}

// castField writes an unsafe cast for a pointer, map or slice field whose
// memory layout matches its peer's, and reports whether it did.
func (e *emitter) castField(name string, in, out *types.Type) bool {
	switch in.Kind {
	case types.Pointer:
		e.f.P("out.%s = (%s)(%s(in.%s))", name, e.name(out), e.name(unsafePtr), name)
	case types.Map, types.Slice:
		e.f.P("out.%s = *(*%s)(%s(&in.%s))", name, e.name(out), e.name(unsafePtr), name)
	default:
		return false
	}
	return true
}

func (e *emitter) convertFieldValue(name string, in, out *types.Type) {
	call := "%s(&in." + name + ", &out." + name + ", s)"
	switch in.Kind {
	case types.Builtin:
		if in == out {
			e.f.P("out.%s = in.%s", name, name)
		} else {
			e.f.P("out.%s = %s(in.%s)", name, e.name(out), name)
		}
	case types.Map, types.Slice, types.Pointer:
		if sameUnderlying(in, out) {
			e.f.P("out.%s = in.%s", name, name)
			return
		}
		e.f.P("if in.%s != nil {\nin, out := &in.%s, &out.%s", name, name, name)
		e.convert(in, out)
		e.f.P("} else {\nout.%s = nil\n}", name)
	case types.Struct:
		if sameUnderlying(in, out) {
			e.f.P("out.%s = in.%s", name, name)
			return
		}
		e.convertOrMissing(in, out, call)
	case types.Alias:
		switch {
		case assignable(in, out) && in == out:
			e.f.P("out.%s = in.%s", name, name)
		case assignable(in, out):
			e.f.P("out.%s = %s(in.%s)", name, e.name(out), name)
		default:
			e.convertOrMissing(in, out, call)
		}
	case types.Array:
		// Upstream writes code that does not compile here. The same array
		// of plainly copied elements is assigned instead.
		if in == out && in.Elem.IsAssignable() {
			e.diags.Warnf(e.at, "field %s of array type %s is assigned; conversion-gen writes a call of compileErrorOnMissingConversion here, which does not compile", name, e.name(in))
			e.f.P("out.%s = in.%s", name, name)
			return
		}
		e.convertOrMissing(in, out, call)
	default:
		e.convertOrMissing(in, out, call)
	}
}

// convertOrMissing calls the generated conversion from in to out if there
// is one, and reports it missing otherwise.
func (e *emitter) convertOrMissing(in, out *types.Type, call string) {
	if !e.convertible(in, out) {
		e.missing(in, out)
		return
	}
	e.f.P("if err := "+call+"; err != nil {\nreturn err\n}", e.convertName(in, out))
}

// fastConversion reports whether a copy-only conversion between in and out
// can be replaced by assignment.
func fastConversion(in, out *types.Type) bool {
	switch in.Kind {
	case types.Builtin:
		return true
	case types.Map, types.Slice, types.Pointer, types.Struct, types.Alias:
		return sameUnderlying(in, out)
	}
	return false
}

package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

// +k8s:eachVal and +k8s:eachKey apply a tag to every value or key of a
// list or map. The generator iterates the same way through the Registry's
// ForEachVal and ForEachKey, to call the validation function of an element
// type.
const (
	tagEachVal = "k8s:eachVal"
	tagEachKey = "k8s:eachKey"
)

var (
	fnEachValSliceVal = stdFn("EachValSliceVal")
	fnEachPtrSliceVal = stdFn("EachPtrSliceVal")
	fnEachMapVal      = stdFn("EachMapVal")
	fnEachMapKey      = stdFn("EachMapKey")
	fnPtrSliceNoNils  = stdFn("PtrSliceNoNils")
)

func init() {
	Register(func() TagValidator { return &eachTag{runTag: runSpec(tagEachVal, valueScopes...)} })
	Register(func() TagValidator { return &eachTag{runTag: runSpec(tagEachKey, valueScopes...), keys: true} })
}

// eachTag is +k8s:eachVal, or +k8s:eachKey when keys is set.
type eachTag struct {
	runTag
	keys bool
}

// elemContext is the context of the values, or keys, of ctx.
func (v *eachTag) elemContext(ctx Context) (Context, error) {
	nt := NativeType(ctx.Type)
	switch {
	case v.keys && nt.Kind == types.Map:
		return partOf(ctx, ScopeMapKey, nt.Key, ctx.Path.Key("(keys)")), nil
	case v.keys:
		return Context{}, fmt.Errorf("can only be used on map types (%s)", nt.Kind)
	case nt.Kind == types.Slice, nt.Kind == types.Array:
		elem := partOf(ctx, ScopeListVal, nt.Elem, ctx.Path.Key("(vals)"))
		elem.ListSelector = []ListSelectorTerm{}
		return elem, nil
	case nt.Kind == types.Map:
		return partOf(ctx, ScopeMapVal, nt.Elem, ctx.Path.Key("(vals)")), nil
	}
	return Context{}, fmt.Errorf("can only be used on list or map types (%s)", nt.Kind)
}

// each applies vals to every value, or key, of ctx.
func (v *eachTag) each(ctx Context, vals Validations) (Validations, error) {
	if v.keys {
		return eachKeys(ctx.Type, vals), nil
	}
	return v.s.eachValues(ctx.Path, ctx.Type, vals)
}

func (v *eachTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	elem, err := v.elemContext(ctx)
	if err != nil {
		return Validations{}, err
	}
	if tag.ValueTag == nil {
		return Validations{}, fmt.Errorf("missing validation tag")
	}
	got, err := v.inner.ExtractTagValidations(elem, *tag.ValueTag)
	if err != nil {
		return Validations{}, err
	}
	if len(got.Variables) > 0 {
		return Validations{}, fmt.Errorf("variable generation is not supported")
	}
	out := Validations{Comments: cloneNonNil(got.Comments)}
	out.OpaqueKeyType, out.OpaqueValType = v.keys && got.OpaqueType, !v.keys && got.OpaqueType
	if len(got.Functions) > 0 {
		fns := Validations{Functions: got.Functions}
		if v.keys {
			out.Add(eachKeys(ctx.Type, fns))
		} else {
			// Wrapping values waits for the end of the context: the list
			// tags must have said how items of the old list are matched.
			out.AddDeferred(Deferred(ThisContext, func() (Validations, error) { return v.each(ctx, fns) }))
		}
	}
	if len(got.Deferred) > 0 {
		out.AddDeferred(Deferred(ThisContext, func() (Validations, error) {
			resolved, err := resolveEachDeferred(got.Deferred)
			if err != nil {
				return Validations{}, err
			}
			return v.each(ctx, resolved)
		}))
	}
	if out.Empty() {
		return Validations{}, fmt.Errorf("no validation functions found")
	}
	return out, nil
}

func (v *eachTag) Docs() TagDoc {
	what, of := "value", "list or map"
	if v.keys {
		what, of = "key", "map"
	}
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    fmt.Sprintf("Applies a validation tag to every %s of a %s.", what, of),
	}.withPayload(codetags.ValueTypeTag, "<validation-tag>", fmt.Sprintf("The tag evaluated for every %s.", what)))
}

// resolveEachDeferred runs deferred validations once and adds up their results.
func resolveEachDeferred(ds []DeferredGen) (Validations, error) {
	var out Validations
	for _, d := range ds {
		v, err := d.Callback()
		if err != nil {
			return Validations{}, err
		}
		out.Add(v)
	}
	return out, nil
}

// eachCall is a call of fn with args and then f wrapped for the elements of
// type elem; f's comments move up to the call.
func eachCall(tag string, fn types.Name, f FunctionGen, elem *types.Type, frag string, args ...any) FunctionGen {
	comments := f.Comments
	f.Comments = nil
	wrapped := WrapperFunction{Function: f, ObjType: elem, PathFragment: frag}
	return Function(tag, f.Flags, fn, append(args, wrapped)...).WithComments(comments...)
}

// eachValues wraps every function of vals in a call that applies it to
// each value of the list or map t (the declared type, maybe named) at
// fldPath.
func (s *runShared) eachValues(fldPath *field.Path, t *types.Type, vals Validations) (Validations, error) {
	nt := NativeType(t)
	var wrap func(FunctionGen, DeferredScope) FunctionGen
	switch nt.Kind {
	case types.Slice, types.Array:
		match, equiv := s.listMatchArgs(fldPath, t)
		fn := fnEachValSliceVal
		if nt.Elem.Kind == types.Pointer {
			fn = fnEachPtrSliceVal
		}
		wrap = func(f FunctionGen, _ DeferredScope) FunctionGen {
			return eachCall(tagEachVal, fn, f, nt.Elem, "[*]", match, equiv)
		}
	case types.Map:
		equiv := equalityFor(nt.Elem)
		wrap = func(f FunctionGen, _ DeferredScope) FunctionGen {
			return eachCall(tagEachVal, fnEachMapVal, f, nt.Elem, "[*]", equiv)
		}
	default:
		return Validations{}, fmt.Errorf("non-iterable type: %v", t)
	}
	w := WrapFunctions(vals, wrap)
	return Validations{Functions: w.Functions, Deferred: w.Deferred, OpaqueValType: vals.OpaqueType}, nil
}

// eachKeys wraps every function of vals in a call that applies it to each
// key of the map t.
func eachKeys(t *types.Type, vals Validations) Validations {
	nt := NativeType(t)
	w := WrapFunctions(vals, func(f FunctionGen, _ DeferredScope) FunctionGen {
		return eachCall(tagEachKey, fnEachMapKey, f, nt.Key, "")
	})
	return Validations{Functions: w.Functions, Deferred: w.Deferred, OpaqueKeyType: vals.OpaqueType}
}

// PtrSliceNoNils is the check the generator puts first on a []*T field:
// no item may be nil. No tag asks for it.
func PtrSliceNoNils(elem types.Name) FunctionGen {
	return Function("PtrSliceNoNils", ShortCircuit, fnPtrSliceNoNils).WithTypeArgs(elem)
}

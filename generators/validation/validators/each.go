package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/sets"
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
	eachRtPkg  = "k8s.io/apimachinery/pkg/api/validate"
)

var (
	fnEachValSliceVal = types.Name{Package: eachRtPkg, Name: "EachValSliceVal"}
	fnEachPtrSliceVal = types.Name{Package: eachRtPkg, Name: "EachPtrSliceVal"}
	fnEachMapVal      = types.Name{Package: eachRtPkg, Name: "EachMapVal"}
	fnEachMapKey      = types.Name{Package: eachRtPkg, Name: "EachMapKey"}
	fnPtrSliceNoNils  = types.Name{Package: eachRtPkg, Name: "PtrSliceNoNils"}
	fnEachDirectEq    = types.Name{Package: eachRtPkg, Name: "DirectEqual"}
	fnEachSemanticEq  = types.Name{Package: eachRtPkg, Name: "SemanticDeepEqual"}

	eachScopes = sets.New(ScopeType, ScopeField, ScopeListVal, ScopeMapKey, ScopeMapVal)
)

func init() {
	Register(func() TagValidator { return &eachValTag{} })
	Register(func() TagValidator { return &eachKeyTag{} })
}

// eachValTag is +k8s:eachVal.
type eachValTag struct {
	inner TagValidationExtractor
	s     *runShared
}

func (v *eachValTag) Init(cfg Config)            { v.inner, v.s = cfg.TagValidator, cfg.shared }
func (*eachValTag) TagName() string              { return tagEachVal }
func (*eachValTag) ValidScopes() sets.Set[Scope] { return eachScopes }

func (v *eachValTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	t := ctx.Type
	nt := NativeType(t)
	elem := Context{
		Type:           nt.Elem,
		Path:           ctx.Path.Key("(vals)"),
		ParentPath:     ctx.Path,
		ParentType:     t,
		StabilityLevel: ctx.StabilityLevel,
	}
	switch nt.Kind {
	case types.Slice, types.Array:
		elem.Scope, elem.ListSelector = ScopeListVal, []ListSelectorTerm{}
	case types.Map:
		elem.Scope = ScopeMapVal
	default:
		return Validations{}, fmt.Errorf("can only be used on list or map types (%s)", nt.Kind)
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
	out := Validations{OpaqueValType: got.OpaqueType, Comments: cloneNonNil(got.Comments)}
	// Wrapping waits for the end of the context: the list tags must have
	// said how items of the old list are matched.
	if len(got.Functions) > 0 {
		fns := got.Functions
		out.AddDeferred(Deferred(ThisContext, func() (Validations, error) {
			return v.s.eachValues(ctx.Path, t, Validations{Functions: fns})
		}))
	}
	if len(got.Deferred) > 0 {
		out.AddDeferred(Deferred(ThisContext, func() (Validations, error) {
			resolved, err := resolveEachDeferred(got.Deferred)
			if err != nil {
				return Validations{}, err
			}
			return v.s.eachValues(ctx.Path, t, resolved)
		}))
	}
	if out.Empty() {
		return Validations{}, fmt.Errorf("no validation functions found")
	}
	return out, nil
}

func (v *eachValTag) Docs() TagDoc {
	return TagDoc{
		Tag:            tagEachVal,
		StabilityLevel: TagStabilityLevelStable,
		Scopes:         sets.List(eachScopes),
		Description:    "Applies a validation tag to every value of a list or map.",
		Payloads: []TagPayloadDoc{{
			Description: "<validation-tag>",
			Docs:        "The tag evaluated for every value.",
		}},
		PayloadsType:     codetags.ValueTypeTag,
		PayloadsRequired: true,
	}
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
			comments := f.Comments
			f.Comments = nil
			return Function(tagEachVal, f.Flags, fn, match, equiv,
				WrapperFunction{Function: f, ObjType: nt.Elem, PathFragment: "[*]"}).WithComments(comments...)
		}
	case types.Map:
		equiv := Identifier(fnEachSemanticEq)
		if IsDirectComparable(NonPointer(NativeType(nt.Elem))) {
			equiv = Identifier(fnEachDirectEq)
		}
		wrap = func(f FunctionGen, _ DeferredScope) FunctionGen {
			comments := f.Comments
			f.Comments = nil
			return Function(tagEachVal, f.Flags, fnEachMapVal, equiv,
				WrapperFunction{Function: f, ObjType: nt.Elem, PathFragment: "[*]"}).WithComments(comments...)
		}
	default:
		return Validations{}, fmt.Errorf("non-iterable type: %v", t)
	}
	w := WrapFunctions(vals, wrap)
	return Validations{Functions: w.Functions, Deferred: w.Deferred, OpaqueValType: vals.OpaqueType}, nil
}

// eachKeyTag is +k8s:eachKey.
type eachKeyTag struct{ inner TagValidationExtractor }

func (v *eachKeyTag) Init(cfg Config)            { v.inner = cfg.TagValidator }
func (*eachKeyTag) TagName() string              { return tagEachKey }
func (*eachKeyTag) ValidScopes() sets.Set[Scope] { return eachScopes }

func (v *eachKeyTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	t := ctx.Type
	nt := NativeType(t)
	if nt.Kind != types.Map {
		return Validations{}, fmt.Errorf("can only be used on map types (%s)", nt.Kind)
	}
	if tag.ValueTag == nil {
		return Validations{}, fmt.Errorf("missing validation tag")
	}
	key := Context{
		Scope:          ScopeMapKey,
		Type:           nt.Key,
		Path:           ctx.Path.Key("(keys)"),
		ParentPath:     ctx.Path,
		ParentType:     t,
		StabilityLevel: ctx.StabilityLevel,
	}
	got, err := v.inner.ExtractTagValidations(key, *tag.ValueTag)
	if err != nil {
		return Validations{}, err
	}
	if len(got.Variables) > 0 {
		return Validations{}, fmt.Errorf("variable generation is not supported")
	}
	out := Validations{OpaqueKeyType: got.OpaqueType, Comments: cloneNonNil(got.Comments)}
	if len(got.Functions) > 0 {
		out.Add(eachKeys(t, Validations{Functions: got.Functions}))
	}
	if len(got.Deferred) > 0 {
		out.AddDeferred(Deferred(ThisContext, func() (Validations, error) {
			resolved, err := resolveEachDeferred(got.Deferred)
			if err != nil {
				return Validations{}, err
			}
			return eachKeys(t, resolved), nil
		}))
	}
	if out.Empty() {
		return Validations{}, fmt.Errorf("no validation functions found")
	}
	return out, nil
}

func (v *eachKeyTag) Docs() TagDoc {
	return TagDoc{
		Tag:            tagEachKey,
		StabilityLevel: TagStabilityLevelStable,
		Scopes:         sets.List(eachScopes),
		Description:    "Applies a validation tag to every key of a map.",
		Payloads: []TagPayloadDoc{{
			Description: "<validation-tag>",
			Docs:        "The tag evaluated for every key.",
		}},
		PayloadsType:     codetags.ValueTypeTag,
		PayloadsRequired: true,
	}
}

// eachKeys wraps every function of vals in a call that applies it to each
// key of the map t.
func eachKeys(t *types.Type, vals Validations) Validations {
	nt := NativeType(t)
	w := WrapFunctions(vals, func(f FunctionGen, _ DeferredScope) FunctionGen {
		comments := f.Comments
		f.Comments = nil
		return Function(tagEachKey, f.Flags, fnEachMapKey, WrapperFunction{Function: f, ObjType: nt.Key}).WithComments(comments...)
	})
	return Validations{Functions: w.Functions, Deferred: w.Deferred, OpaqueKeyType: vals.OpaqueType}
}

// PtrSliceNoNils is the check the generator puts first on a []*T field:
// no item may be nil. No tag asks for it.
func PtrSliceNoNils(elem types.Name) FunctionGen {
	return Function("PtrSliceNoNils", ShortCircuit, fnPtrSliceNoNils).WithTypeArgs(elem)
}

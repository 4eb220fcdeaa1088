package validators

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const tagSubfield = "k8s:subfield"

func init() {
	Register(func() TagValidator {
		return &subfieldTag{runTag: runSpec(tagSubfield, valueScopes...), inherited: map[string]bool{}}
	})
}

// commentTagReader is the part of the registry that reads a member's own
// tags.
type commentTagReader interface {
	ExtractTags(comments []string) ([]codetags.Tag, error)
	ExtractValidations(ctx Context, tags ...codetags.Tag) (Validations, error)
}

// subfieldTag is +k8s:subfield(name)=<tag>: the payload validates one
// field of the struct.
type subfieldTag struct {
	runTag
	inherited map[string]bool // subfield paths whose own gates were copied
}

func (v *subfieldTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	for t := tag.ValueTag; t != nil; t = t.ValueTag {
		if t.Name == tagSubfield {
			return Validations{}, fmt.Errorf("a subfield tag may not hold another one; tag the nested type instead")
		}
	}
	st := NonPointer(NativeType(ctx.Type))
	if st.Kind != types.Struct {
		return Validations{}, fmt.Errorf("only structs may carry this tag, not %v", st.Kind)
	}
	name := tag.Args[0].Value
	m := MemberByJSON(st, name)
	if m == nil {
		return Validations{}, fmt.Errorf("the struct has no field with JSON name %q", name)
	}
	subCtx := partOf(ctx, ScopeField, m.Type, ctx.Path.Child(name))
	subCtx.Member = m
	payload, err := v.inner.ExtractTagValidations(subCtx, *tag.ValueTag)
	if err != nil {
		return Validations{}, err
	}
	wrap := subfieldWrapper(ctx.Type, m, name)
	// Opacity is known only once every tag has been read, so the rest waits.
	return deferTo(ThisContext, func() (Validations, error) {
		var all Validations
		all.Add(payload)
		if !markedOpaque(ctx) {
			gates, err := v.memberGates(subCtx)
			if err != nil {
				return Validations{}, err
			}
			all.Add(gates)
		}
		out := WrapFunctions(all, wrap)
		for i := range out.Deferred {
			if out.Deferred[i].Scope == ParentContext {
				out.Deferred[i].Scope = ThisContext
			}
		}
		return out, nil
	}), nil
}

// subfieldWrapper returns the wrapping of a validation of member m (JSON
// name) of the struct type st into a Subfield call.
func subfieldWrapper(st *types.Type, m *types.Member, name string) func(FunctionGen, DeferredScope) FunctionGen {
	structArg := st
	if !IsNilableType(structArg) {
		structArg = types.PointerTo(structArg)
	}
	fieldArg, amp := m.Type, ""
	if !IsNilableType(fieldArg) {
		fieldArg, amp = types.PointerTo(fieldArg), "&"
	}
	get := FunctionLiteral{
		Parameters: []ParamResult{{"o", structArg}},
		Results:    []ParamResult{{"", fieldArg}},
		Body:       fmt.Sprintf("return %so.%s", amp, m.Name),
	}
	equiv := equalityFor(m.Type)
	return func(f FunctionGen, scope DeferredScope) FunctionGen {
		if scope == ParentContext {
			return f
		}
		w := Function(tagSubfield, f.Flags, stdFn("Subfield"), name, get, equiv,
			WrapperFunction{Function: f, ObjType: m.Type, PathFragment: "." + name})
		w.Cohort = name
		return w
	}
}

// memberGates returns the short-circuit validations of the subfield's own
// tags (such as +k8s:required), as non-errors, so that they also gate the
// subfield's payload. Each subfield gets them once.
func (v *subfieldTag) memberGates(subCtx Context) (Validations, error) {
	p := subCtx.Path.String()
	if v.inherited[p] {
		return Validations{}, nil
	}
	v.inherited[p] = true
	r, ok := v.inner.(commentTagReader)
	if !ok {
		return Validations{}, fmt.Errorf("the tag extractor cannot read member tags")
	}
	tags, err := r.ExtractTags(subCtx.Member.CommentLines)
	if err != nil {
		return Validations{}, err
	}
	own, err := r.ExtractValidations(subCtx, tags...)
	if err != nil {
		return Validations{}, err
	}
	return quietGates(own), nil
}

// quietGates keeps the short-circuit functions of v, marked NonError,
// including those its deferred validations produce.
func quietGates(v Validations) Validations {
	var out Validations
	for _, f := range v.Functions {
		if f.Flags.IsSet(ShortCircuit) {
			f.Flags |= NonError
			out.AddFunction(f)
		}
	}
	for _, d := range v.Deferred {
		out.AddDeferred(Deferred(d.Scope, func() (Validations, error) {
			inner, err := d.Callback()
			if err != nil {
				return Validations{}, err
			}
			return quietGates(inner), nil
		}))
	}
	return out
}

// markedOpaque reports whether the field of ctx, or its type, carries
// +k8s:opaqueType, directly or inside tags that keep the context (such as
// +k8s:alpha).
func markedOpaque(ctx Context) bool {
	if ctx.Member != nil && commentsSayOpaque(ctx.Member.CommentLines) {
		return true
	}
	if ctx.Type == nil {
		return false
	}
	target := NonPointer(NativeType(ctx.Type))
	for t := ctx.Type; t != nil; {
		if t.Kind != types.Pointer && NonPointer(NativeType(t)) == target && commentsSayOpaque(t.CommentLines) {
			return true
		}
		switch t.Kind {
		case types.Pointer:
			t = t.Elem
		case types.Alias:
			t = t.Underlying
		default:
			t = nil
		}
	}
	return false
}

// contextChangingTags evaluate their payload somewhere else.
var contextChangingTags = sets.New(tagEachVal, tagEachKey, tagSubfield, tagItem)

func commentsSayOpaque(lines []string) bool {
	for _, group := range codetags.Extract("+", lines) {
		tags, err := codetags.ParseAll(group)
		if err != nil {
			continue
		}
		for _, t := range tags {
			for c := &t; c != nil && !contextChangingTags.Has(c.Name); c = c.ValueTag {
				if c.Name == tnOpaqueType {
					return true
				}
			}
		}
	}
	return false
}

func (v *subfieldTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    "Applies a validation to one field of a struct.",
		Args:           []TagArgDoc{requiredArg("<field-json-name>")},
		Docs:           "The field is named by its JSON name; it must belong to the struct itself or to a struct embedded in it.",
	}.withPayload(codetags.ValueTypeTag, "<validation-tag>", "the tag applied to the named field"))
}

package validators

import (
	"fmt"
	"maps"
	"regexp"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/parser/tags"
	"k8s.io/gengo/v2/types"
)

const (
	tagModeDiscriminator = "k8s:modeDiscriminator"
	tagIfMode            = "k8s:ifMode"
	defaultModality      = "default"
)

var modalityName = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_]*$`)

func init() {
	Register(func() TagValidator { return &modeDiscriminatorTag{runSpec(tagModeDiscriminator, ScopeField)} })
	Register(func() TagValidator { return &ifModeTag{runSpec(tagIfMode, ScopeField)} })
}

// modeGroups is the modalities of one struct, by name.
type modeGroups map[string]*modality

// modality is a discriminator field and the fields whose validation
// depends on its value.
type modality struct {
	disc   *types.Member
	fields map[string]*modeField // by Go field name
}

type modeField struct {
	member *types.Member
	rules  []modeRule
}

// modeRule is one +k8s:ifMode: validations that apply in one mode.
type modeRule struct {
	value string
	v     Validations
	level ValidationStabilityLevel
}

// modalityAt returns the named modality of the struct at path.
func (s *runShared) modalityAt(path *field.Path, name string) *modality {
	p := path.String()
	if s.modes[p] == nil {
		s.modes[p] = modeGroups{}
	}
	if name == "" {
		name = defaultModality
	}
	g := s.modes[p][name]
	if g == nil {
		g = &modality{fields: map[string]*modeField{}}
		s.modes[p][name] = g
	}
	return g
}

// modeDiscriminatorTag is +k8s:modeDiscriminator.
type modeDiscriminatorTag struct{ runTag }

func (v *modeDiscriminatorTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	if NativeType(ctx.Type).Kind == types.Pointer {
		return Validations{}, fmt.Errorf("a mode discriminator may not be a pointer")
	}
	if t := NonPointer(NativeType(ctx.Type)); t.Kind != types.Builtin || (t.Name.Name != "string" && t.Name.Name != "bool") {
		return Validations{}, fmt.Errorf("a mode discriminator must be a string or a bool, not %s", typeTrail(ctx.Type, t))
	}
	name := optionalArg(tag, "modality")
	if name != "" && !modalityName.MatchString(name) {
		return Validations{}, fmt.Errorf("modality %q does not match %s", name, modalityName)
	}
	if name == defaultModality {
		return Validations{}, fmt.Errorf("modality name %q is reserved", name)
	}
	g := v.s.modalityAt(ctx.ParentPath, name)
	if g.disc != nil && g.disc != ctx.Member {
		return Validations{}, fmt.Errorf("modality %q has two discriminators", name)
	}
	g.disc = ctx.Member
	return Validations{}, nil
}

func (v *modeDiscriminatorTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    "Marks the field whose value selects how other fields of the struct are validated.",
		Args:           []TagArgDoc{stringArg("modality", "which group of modes this field drives, when the struct has several")},
	})
}

// ifModeTag is +k8s:ifMode(value)=<tag>.
type ifModeTag struct{ runTag }

func (v *ifModeTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	if tag.ValueTag == nil {
		return Validations{}, fmt.Errorf("the value must be a validation tag")
	}
	name := optionalArg(tag, "modality")
	if name == defaultModality {
		return Validations{}, fmt.Errorf("modality name %q is reserved", name)
	}
	var value string
	if a, ok := tag.NamedArg("mode"); ok {
		value = a.Value
	} else if len(tag.Args) > 0 && tag.Args[0].Name == "" {
		value = tag.Args[0].Value
	} else {
		return Validations{}, fmt.Errorf("the mode is missing")
	}
	g := v.s.modalityAt(ctx.ParentPath, name)
	mf := g.fields[ctx.Member.Name]
	if mf == nil {
		mf = &modeField{member: ctx.Member}
		g.fields[ctx.Member.Name] = mf
	} else if mf.member != ctx.Member {
		return Validations{}, fmt.Errorf("two members are named %q", ctx.Member.Name)
	}
	payload, err := v.inner.ExtractTagValidations(ctx, *tag.ValueTag)
	if err != nil {
		return Validations{}, err
	}
	mf.rules = append(mf.rules, modeRule{value: value, v: payload, level: ctx.StabilityLevel})
	return deferTo(ParentContext, func() (Validations, error) { return v.s.modeChecks(ctx) }), nil
}

func (v *ifModeTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    "Applies a validation to this field only while the mode discriminator has a given value.",
		Args: []TagArgDoc{
			stringArg("", "the discriminator value in which the validation applies"),
			stringArg("modality", "the group of modes, named as on its discriminator"),
			stringArg("mode", "the discriminator value in which the validation applies (instead of the positional form)"),
		},
		PayloadsType:     codetags.ValueTypeTag,
		PayloadsRequired: true,
	})
}

// modeChecks writes, once per struct, a Discriminated call for every
// field governed by a modality.
func (s *runShared) modeChecks(ctx Context) (Validations, error) {
	if NonPointer(NativeType(ctx.ParentType)).Kind != types.Struct {
		return Validations{}, nil
	}
	p := ctx.ParentPath.String()
	groups := s.modes[p]
	if len(groups) == 0 {
		return Validations{}, nil
	}
	delete(s.modes, p)
	var out Validations
	for _, name := range slices.Sorted(maps.Keys(groups)) {
		g := groups[name]
		if g.disc == nil {
			switch {
			case len(g.fields) == 0:
				continue
			case name == defaultModality:
				return Validations{}, fmt.Errorf("ifMode is used but no field is a modeDiscriminator")
			default:
				return Validations{}, fmt.Errorf("modality %q has no modeDiscriminator", name)
			}
		}
		for _, fname := range slices.Sorted(maps.Keys(g.fields)) {
			v, err := discriminatedCall(ctx.ParentType, g.disc, g.fields[fname])
			if err != nil {
				return Validations{}, err
			}
			out.Add(v)
		}
	}
	return out, nil
}

// nilableOf returns t, or a pointer to t when t cannot be nil, and the
// operator that takes such a value from a field of type t.
func nilableOf(t *types.Type) (*types.Type, string) {
	if IsNilableType(t) {
		return t, ""
	}
	return types.PointerTo(t), "&"
}

// discriminatedCall is the Discriminated call of one field: the rules of
// each mode, and Forbidden in any other mode.
func discriminatedCall(st *types.Type, disc *types.Member, mf *modeField) (Validations, error) {
	ft := mf.member.Type
	valueT, amp := nilableOf(ft)
	jsonName := mf.member.Name
	if j, ok := tags.LookupJSON(*mf.member); ok {
		jsonName = j.Name
	}
	frag := "." + jsonName
	forbid, err := otherModesForbidden(ft, frag)
	if err != nil {
		return Validations{}, err
	}
	byValue := map[string]*Validations{}
	for _, r := range mf.rules {
		if byValue[r.value] == nil {
			byValue[r.value] = &Validations{}
		}
		rv := r.v
		if r.level != "" {
			rv.Functions = slices.Clone(rv.Functions)
			markLevel(&rv, r.level)
		}
		byValue[r.value].Add(rv)
	}
	if lvl := sharedLevel(mf.rules); lvl != "" {
		forbid.Functions = slices.Clone(forbid.Functions)
		for i := range forbid.Functions {
			forbid.Functions[i] = forbid.Functions[i].WithStabilityLevel(lvl)
		}
	}
	typeArgs := []*types.Type{valueT, disc.Type}
	ruleType := stdFn("DiscriminatedRule")
	var rules []any
	for _, val := range slices.Sorted(maps.Keys(byValue)) {
		lit, err := modeValueLiteral(val, disc.Type)
		if err != nil {
			return Validations{}, fmt.Errorf("bad mode value %q: %w", val, err)
		}
		rules = append(rules, StructLiteral{
			Type:     ruleType,
			TypeArgs: typeArgs,
			Fields: []StructLiteralField{
				{Name: "Value", Value: lit},
				{Name: "Validation", Value: MultiWrapperFunction{Functions: byValue[val].Functions, ObjType: valueT, PathFragment: frag}},
			},
		})
	}
	objPtr := types.PointerTo(st)
	getValue := FunctionLiteral{
		Parameters: []ParamResult{{Name: "obj", Type: objPtr}},
		Results:    []ParamResult{{Type: valueT}},
		Body:       fmt.Sprintf("return %sobj.%s", amp, mf.member.Name),
	}
	getDisc := FunctionLiteral{
		Parameters: []ParamResult{{Name: "obj", Type: objPtr}},
		Results:    []ParamResult{{Type: disc.Type}},
		Body:       "return obj." + disc.Name,
	}
	f := Function(tagModeDiscriminator, DefaultFlags, stdFn("Discriminated"),
		Literal(fmt.Sprintf("%q", jsonName)), getValue, getDisc, equalityFor(ft), forbid,
		SliceLiteral{ElementType: ruleType, ElementTypeArgs: typeArgs, Elements: rules})
	// The wrapped functions carry their own levels already.
	f.StabilityLevelSelfManaged = true
	return Validations{Functions: []FunctionGen{f}}, nil
}

// sharedLevel is the stability level of all rules, or "" if they differ.
func sharedLevel(rules []modeRule) ValidationStabilityLevel {
	for _, r := range rules[1:] {
		if r.level != rules[0].level {
			return ""
		}
	}
	return rules[0].level
}

// otherModesForbidden wraps the Forbidden call that fits type t.
func otherModesForbidden(t *types.Type, frag string) (MultiWrapperFunction, error) {
	var fn string
	switch NativeType(t).Kind {
	case types.Slice:
		fn = "ForbiddenSlice"
	case types.Map:
		fn = "ForbiddenMap"
	case types.Pointer:
		fn = "ForbiddenPointer"
	case types.Struct:
		return MultiWrapperFunction{}, fmt.Errorf("struct fields governed by a mode must be pointers")
	default:
		fn = "ForbiddenValue"
	}
	f := Function("k8s:forbidden", DefaultFlags, stdFn(fn)).WithEmits(Emission{Type: field.ErrorTypeForbidden})
	objT, _ := nilableOf(t)
	return MultiWrapperFunction{Functions: []FunctionGen{f}, ObjType: objT, PathFragment: frag}, nil
}

// modeValueLiteral converts a mode value to the discriminator's type.
func modeValueLiteral(val string, disc *types.Type) (any, error) {
	t := NonPointer(NativeType(disc))
	if t.Kind == types.Builtin {
		switch t.Name.Name {
		case "string":
			return val, nil
		case "bool":
			return ParseBool(val)
		}
	}
	return nil, fmt.Errorf("discriminators of type %s are not supported", t.Name.Name)
}

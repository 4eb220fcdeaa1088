package validators

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

var (
	enumExclusionName = stdFn("EnumExclusion")
	setsNewName       = types.Name{Package: "k8s.io/apimachinery/pkg/util/sets", Name: "New"}
)

// enumMember is one allowed value.
type enumMember struct {
	name    types.Name
	value   string
	comment string
	gates   []enumGate
}

// enumGate leaves a member out when option is on (whenOn) or off.
type enumGate struct {
	whenOn bool
	option string
}

// enumValidations is +k8s:enum on a string type: a value must be one of
// the type's constants, less those tagged +k8s:enumExclude.
func enumValidations(ctx Context, _ codetags.Tag) (Validations, error) {
	if v := NativeType(ctx.Type); v != types.String {
		return Validations{}, fmt.Errorf("can only be used on string types (%s)", typeTrail(ctx.Type, v))
	}
	members := enumMembers(ctx.Constants)

	symbols := PrivateVar{Name: "SymbolsFor" + ctx.Type.Name.Name, Package: "local"}
	var ids, rules []any
	for _, m := range members {
		ids = append(ids, Identifier(m.name))
		for _, g := range m.gates {
			rules = append(rules, StructLiteral{
				Type:     enumExclusionName,
				TypeArgs: []*types.Type{ctx.Type},
				Fields: []StructLiteralField{
					{Name: "Value", Value: Identifier(m.name)},
					{Name: "Option", Value: g.option},
					{Name: "ExcludeWhen", Value: g.whenOn},
				},
			})
		}
	}
	ctor := Function("setsNew", DefaultFlags, setsNewName, ids...)
	if len(ids) == 0 {
		ctor = ctor.WithTypeArgs(ctx.Type.Name)
	}
	var out Validations
	out.AddVariable(Variable(symbols, ctor))

	var exclusions any = Literal("nil")
	if len(rules) > 0 {
		v := PrivateVar{Name: "ExclusionsFor" + ctx.Type.Name.Name, Package: "local"}
		out.AddVariable(Variable(v, SliceLiteral{
			ElementType:     enumExclusionName,
			ElementTypeArgs: []*types.Type{ctx.Type},
			Elements:        rules,
		}))
		exclusions = v
	}
	out.AddFunction(Function(tnEnum, DefaultFlags, stdFn("Enum"), symbols, exclusions).
		WithEmits(emitting(field.ErrorTypeNotSupported, "")))
	return out, nil
}

// enumMembers lists the constants that are enum values, one per distinct
// value, sorted by name, each with its gates sorted.
func enumMembers(consts []*Constant) []*enumMember {
	var out []*enumMember
	for _, c := range consts {
		m, ok := enumMemberOf(c)
		if !ok {
			continue
		}
		i := slices.IndexFunc(out, func(o *enumMember) bool { return o.value == m.value })
		switch {
		case i < 0:
			out = append(out, m)
		case betterEnumComment(m.comment, out[i].comment):
			out[i] = m
		}
	}
	slices.SortFunc(out, func(a, b *enumMember) int { return cmp.Compare(a.name.Name, b.name.Name) })
	for _, m := range out {
		slices.SortFunc(m.gates, func(a, b enumGate) int {
			if a.whenOn != b.whenOn {
				if a.whenOn {
					return 1
				}
				return -1
			}
			return cmp.Compare(a.option, b.option)
		})
	}
	return out
}

// betterEnumComment decides which of two constants with the same value is
// kept: the longer comment wins, and of equal lengths the smaller string.
func betterEnumComment(candidate, kept string) bool {
	if len(candidate) != len(kept) {
		return len(candidate) > len(kept)
	}
	return candidate < kept
}

// enumMemberOf reads a constant's exclusion tags; ok is false when it is
// excluded outright.
func enumMemberOf(c *Constant) (m *enumMember, ok bool) {
	m = &enumMember{
		name:    c.Constant.Name,
		value:   *c.Constant.ConstValue,
		comment: strings.Join(c.Constant.CommentLines, " "),
	}
	for _, tag := range c.Tags {
		switch tag.Name {
		case tnEnumExclude:
			return nil, false
		case tnIfEnabled, tnIfDisabled:
			if tag.ValueTag == nil || tag.ValueTag.Name != tnEnumExclude {
				continue
			}
			if opt, has := tag.PositionalArg(); has {
				m.gates = append(m.gates, enumGate{whenOn: tag.Name == tnIfEnabled, option: opt.Value})
			}
		}
	}
	return m, true
}

package validators

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/parser/tags"
	"k8s.io/gengo/v2/types"
)

const (
	tagUnionDiscriminator = "k8s:unionDiscriminator"
	tagUnionMember        = "k8s:unionMember"
)

func init() {
	Register(func() TagValidator {
		return &unionDiscriminatorTag{runSpec(tagUnionDiscriminator, ScopeField, ScopeListVal)}
	})
	for _, fl := range []unionFlavor{unionMembers, zeroOrOneMembers} {
		Register(func() TagValidator { return &unionMemberTag{runSpec(fl.tag, ScopeField, ScopeListVal), fl} })
	}
}

// unionDef is one union: struct fields (with an optional discriminator)
// or list items picked by key.
type unionDef struct {
	entries    []unionEntry
	fields     []*types.Member
	hasDisc    bool
	discJSON   string
	discMember *types.Member
	items      map[string][]ListSelectorTerm // by item name, like `x[{"name": "a"}]`
}

// unionEntry names a member in errors and gives its discriminator value.
type unionEntry struct {
	name, discValue string
}

// unionsOf is the unions of one struct or list, by union name ("" when
// unnamed).
type unionsOf map[string]*unionDef

func (us unionsOf) named(name string) *unionDef {
	if us[name] == nil {
		us[name] = &unionDef{items: map[string][]ListSelectorTerm{}}
	}
	return us[name]
}

// unionsAt returns the unions of the struct or list at path.
func unionsAt(all map[string]unionsOf, path *field.Path) unionsOf {
	p := path.String()
	if all[p] == nil {
		all[p] = unionsOf{}
	}
	return all[p]
}

func optionalArg(tag codetags.Tag, name string) string {
	a, _ := tag.NamedArg(name)
	return a.Value
}

// unionDiscriminatorTag is +k8s:unionDiscriminator.
type unionDiscriminatorTag struct{ runTag }

func (v *unionDiscriminatorTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	if t := NonPointer(NativeType(ctx.Type)); t != types.String {
		return Validations{}, fmt.Errorf("only strings may be union discriminators, not %s", typeTrail(ctx.Type, t))
	}
	if ctx.Member == nil {
		return Validations{}, fmt.Errorf("a union discriminator must be a struct field")
	}
	u := unionsAt(v.s.unions, ctx.ParentPath).named(optionalArg(tag, "union"))
	if j, ok := tags.LookupJSON(*ctx.Member); ok {
		u.hasDisc, u.discJSON, u.discMember = true, j.Name, ctx.Member
	}
	return Validations{}, nil
}

func (v *unionDiscriminatorTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelBeta,
		Description:    "Marks the field that says which member of a union is set.",
		Args:           []TagArgDoc{unionNameArg},
	})
}

var unionNameArg = stringArg("union", "which union, when the struct has several")

// memberNameArg documents the memberName argument of a union member.
func memberNameArg(docs string) TagArgDoc {
	a := stringArg("memberName", docs)
	a.Default = "the field's name"
	return a
}

// unionMembers is +k8s:unionMember.
var unionMembers = unionFlavor{
	varPrefix: "unionMembershipFor",
	tag:       tagUnionMember,
	plain:     stdFn("Union"),
	disc:      stdFn("DiscriminatedUnion"),
	origin:    "union",
	doc: TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    "Marks a field as one member of a union.",
		Args:           []TagArgDoc{unionNameArg, memberNameArg("the discriminator value that selects this member")},
	},
}

// unionMemberTag is +k8s:unionMember or +k8s:zeroOrOneOfMember.
type unionMemberTag struct {
	runTag
	flavor unionFlavor
}

func (v *unionMemberTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	all := v.s.unionsFor(v.flavor)
	if err := addUnionMember(all, ctx, tag); err != nil {
		return Validations{}, err
	}
	return deferTo(ParentContext, func() (Validations, error) { return unionChecks(all, ctx, v.flavor) }), nil
}

func (v *unionMemberTag) Docs() TagDoc { return describe(v, v.flavor.doc) }

// unionsFor returns the unions, by owner path, that members of fl join.
func (s *runShared) unionsFor(fl unionFlavor) map[string]unionsOf {
	if fl.tag == tagZeroOrOneOfMember {
		return s.zeroOrOne
	}
	return s.unions
}

// addUnionMember records a union member: a struct field, or a list item
// picked by +k8s:item.
func addUnionMember(all map[string]unionsOf, ctx Context, tag codetags.Tag) error {
	switch ctx.Scope {
	case ScopeField:
		return addFieldMember(all, ctx, tag)
	case ScopeListVal:
		return addItemMember(all, ctx, tag)
	}
	return fmt.Errorf("only fields and list items may be union members, not %v", ctx.Scope)
}

func addFieldMember(all map[string]unionsOf, ctx Context, tag codetags.Tag) error {
	if ctx.Member == nil {
		return fmt.Errorf("a union member field needs its member")
	}
	switch k := NativeType(ctx.Member.Type).Kind; k {
	case types.Pointer, types.Map, types.Slice, types.Builtin:
	default:
		return fmt.Errorf("union members must be nilable or primitive, not %s", k)
	}
	j, ok := tags.LookupJSON(*ctx.Member)
	if !ok {
		return fmt.Errorf("union member %q has no json struct tag", ctx.Member)
	}
	if j.Name == "" {
		return fmt.Errorf("union member %q has an empty JSON name", ctx.Member)
	}
	value := ctx.Member.Name
	if a, ok := tag.NamedArg("memberName"); ok {
		value = a.Value
	}
	u := unionsAt(all, ctx.ParentPath).named(optionalArg(tag, "union"))
	u.entries = append(u.entries, unionEntry{j.Name, value})
	u.fields = append(u.fields, ctx.Member)
	return nil
}

func addItemMember(all map[string]unionsOf, ctx Context, tag codetags.Tag) error {
	if ctx.ListSelector == nil {
		return fmt.Errorf("a union member list item needs an item selector, as +k8s:item gives")
	}
	p := ctx.Path.String()
	name := p[strings.LastIndex(p, ".")+1:]
	u := unionsAt(all, ctx.ParentPath).named(optionalArg(tag, "union"))
	u.entries = append(u.entries, unionEntry{name, optionalArg(tag, "memberName")})
	if _, dup := u.items[name]; dup {
		return fmt.Errorf("list item %q is a member of the union twice", name)
	}
	u.items[name] = ctx.ListSelector
	return nil
}

// unionFlavor is what differs between unions and zero-or-one-of unions.
type unionFlavor struct {
	varPrefix   string
	tag         string
	plain, disc types.Name
	origin      string
	doc         TagDoc // without name and scopes
}

// unionChecks writes, once, the checks of the unions whose member ctx is.
func unionChecks(all map[string]unionsOf, ctx Context, fl unionFlavor) (Validations, error) {
	if k := NonPointer(NativeType(ctx.ParentType)).Kind; k != types.Struct && k != types.Slice {
		return Validations{}, nil
	}
	p := ctx.ParentPath.String()
	us := all[p]
	if len(us) == 0 {
		return Validations{}, nil
	}
	delete(all, p)
	var out Validations
	for _, n := range slices.Sorted(maps.Keys(us)) {
		if err := fl.emit(&out, ctx.ParentPath, ctx.ParentType, n, us[n]); err != nil {
			return Validations{}, err
		}
	}
	return out, nil
}

var nonIdentChars = regexp.MustCompile(`[^a-zA-Z0-9_]`)

// emit adds the membership variable and the check of union u.
func (fl unionFlavor) emit(out *Validations, owner *field.Path, ownerType *types.Type, name string, u *unionDef) error {
	if len(u.fields) == 0 && !u.hasDisc && len(u.items) == 0 {
		return nil
	}
	native := NonPointer(NativeType(ownerType))
	switch {
	case len(u.fields) > 0 && len(u.items) > 0:
		return fmt.Errorf("a union may hold fields or list items, not both")
	case native.Kind == types.Struct && len(u.items) > 0:
		return fmt.Errorf("a union on a struct may not hold list items")
	case native.Kind == types.Slice && len(u.fields) > 0:
		return fmt.Errorf("a union on a list may not hold struct fields")
	}
	base := nonIdentChars.ReplaceAllString(strings.ReplaceAll(owner.String()+"_"+name, ".", "_"), "_")
	varName := PrivateVar{Name: fl.varPrefix + "_" + base, Package: "local"}
	ptr := types.PointerTo(ownerType)
	var present []any
	for _, m := range u.fields {
		present = append(present, presenceFunc(ptr, m))
	}
	if native.Kind == types.Slice {
		for _, k := range slices.Sorted(maps.Keys(u.items)) {
			f, err := itemPresenceFunc(ownerType, NonPointer(native.Elem), u.items[k])
			if err != nil {
				return err
			}
			present = append(present, f)
		}
	}
	emits := Emission{Type: field.ErrorTypeInvalid, Origin: fl.origin}
	if u.hasDisc {
		out.AddVariable(Variable(varName, Function(fl.tag, DefaultFlags, stdFn("NewDiscriminatedUnionMembership"),
			append([]any{u.discJSON}, u.memberCtors(true)...)...)))
		disc := FunctionLiteral{
			Parameters: []ParamResult{{Name: "obj", Type: ptr}},
			Results:    []ParamResult{{Type: types.String}},
			Body:       fmt.Sprintf("if obj == nil {return \"\"}; return string(obj.%s)", u.discMember.Name),
		}
		out.AddFunction(Function(fl.tag, DefaultFlags, fl.disc, append([]any{varName, disc}, present...)...).WithEmits(emits))
		return nil
	}
	out.AddVariable(Variable(varName, Function(fl.tag, DefaultFlags, stdFn("NewUnionMembership"), u.memberCtors(false)...)))
	out.AddFunction(Function(fl.tag, DefaultFlags, fl.plain, append([]any{varName}, present...)...).WithEmits(emits))
	return nil
}

// memberCtors returns the constructor calls of the union's members.
func (u *unionDef) memberCtors(discriminated bool) []any {
	out := make([]any, 0, len(u.entries))
	for _, e := range u.entries {
		if discriminated {
			out = append(out, Function("unused", 0, stdFn("NewDiscriminatedUnionMember"), e.name, e.discValue))
		} else {
			out = append(out, Function("unused", 0, stdFn("NewUnionMember"), e.name))
		}
	}
	return out
}

// presenceFunc returns a func literal telling whether field m of the
// struct behind ptr is set.
func presenceFunc(ptr *types.Type, m *types.Member) FunctionLiteral {
	var test string
	switch k := NativeType(m.Type).Kind; k {
	case types.Pointer:
		test = fmt.Sprintf("return obj.%s != nil", m.Name)
	case types.Map, types.Slice:
		test = fmt.Sprintf("return len(obj.%s) != 0", m.Name)
	case types.Builtin:
		test = fmt.Sprintf("var z %s; return obj.%s != z", m.Type, m.Name)
	default:
		test = fmt.Sprintf("return false /* unsupported union member kind: %s */", k)
	}
	return FunctionLiteral{
		Parameters: []ParamResult{{Name: "obj", Type: ptr}},
		Results:    []ParamResult{{Type: types.Bool}},
		Body:       "if obj == nil {return false}; " + test,
	}
}

// itemPresenceFunc returns a func literal telling whether the list holds
// an item matching sel.
func itemPresenceFunc(list, elem *types.Type, sel []ListSelectorTerm) (FunctionLiteral, error) {
	crit := make([]keyCriterion, 0, len(sel))
	for _, t := range sel {
		crit = append(crit, keyCriterion{field: t.Field, value: fmt.Sprint(t.Value)})
	}
	slices.SortFunc(crit, func(a, b keyCriterion) int { return strings.Compare(a.field, b.field) })
	cond, err := keyConditions(elem, crit, "list[i]")
	if err != nil {
		return FunctionLiteral{}, err
	}
	return FunctionLiteral{
		Parameters: []ParamResult{{Name: "list", Type: list}},
		Results:    []ParamResult{{Type: types.Bool}},
		Body:       fmt.Sprintf("for i := range list {\n\tif %s {\n\t\treturn true\n\t}\n}\nreturn false", cond),
	}, nil
}

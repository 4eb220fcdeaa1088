package validators

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

// The list tags only record facts about a list; +k8s:listType and
// +k8s:unique then write the uniqueness check once the whole context has
// been seen.
const (
	tagListType     = "k8s:listType"
	tagListMapKey   = "k8s:listMapKey"
	tagUnique       = "k8s:unique"
	tagCustomUnique = "k8s:customUnique"
)

var (
	fnValSliceUnique = stdFn("ValSliceUnique")
	fnPtrSliceUnique = stdFn("PtrSliceUnique")
	fnDirectEqual    = stdFn("DirectEqual")
	fnSemanticEqual  = stdFn("SemanticDeepEqual")
)

func init() {
	Register(func() TagValidator { return &listTypeTag{runSpec(tagListType, valueScopes...)} })
	Register(func() TagValidator { return &listMapKeyTag{runSpec(tagListMapKey, valueScopes...)} })
	Register(func() TagValidator { return &uniqueTag{runSpec(tagUnique, valueScopes...)} })
	Register(func() TagValidator { return &customUniqueTag{runSpec(tagCustomUnique, valueScopes...)} })
}

// runShared is what several tag validators of one run learn together.
type runShared struct {
	lists     map[string]*listFacts // by field or type path
	listsDone map[string]bool       // paths whose list checks were written
	unions    map[string]unionsOf   // +k8s:unionMember, by owner path
	zeroOrOne map[string]unionsOf   // +k8s:zeroOrOneOfMember, by owner path
	modes     map[string]modeGroups // +k8s:ifMode, by struct path
}

func newRunShared() *runShared {
	return &runShared{
		lists:     map[string]*listFacts{},
		listsDone: map[string]bool{},
		unions:    map[string]unionsOf{},
		zeroOrOne: map[string]unionsOf{},
		modes:     map[string]modeGroups{},
	}
}

// listFacts is what the list tags said about one list.
type listFacts struct {
	listType string // "atomic", "set" or "map" from +k8s:listType
	sem      string // identity of items: "atomic", "set" or "map"
	keys     []*types.Member
	keyJSON  []string
	custom   bool // +k8s:customUnique
	level    ValidationStabilityLevel
}

func (lf *listFacts) validate() error {
	switch {
	case len(lf.keys) > 0 && lf.sem != "map":
		return fmt.Errorf("listMapKey needs listType=map or unique=map")
	case lf.sem == "map" && len(lf.keys) == 0:
		return fmt.Errorf("listType=map and unique=map need at least one listMapKey")
	case lf.listType == "":
		return fmt.Errorf("a listType is required: atomic, set or map")
	}
	return nil
}

// keyMatcher returns a func literal telling whether two items of a
// list-map have the same key.
func (lf *listFacts) keyMatcher(elem *types.Type) FunctionLiteral {
	ptr := types.PointerTo(NonPointer(elem))
	var conds []string
	for _, m := range lf.keys {
		n := m.Name
		if m.Type.Kind == types.Pointer {
			conds = append(conds, fmt.Sprintf("((a.%[1]s == nil && b.%[1]s == nil) || (a.%[1]s != nil && b.%[1]s != nil && *a.%[1]s == *b.%[1]s))", n))
		} else {
			conds = append(conds, fmt.Sprintf("a.%[1]s == b.%[1]s", n))
		}
	}
	return FunctionLiteral{
		Parameters: []ParamResult{{"a", ptr}, {"b", ptr}},
		Results:    []ParamResult{{"", types.Bool}},
		Body:       "return " + strings.Join(conds, " && "),
	}
}

// equalityFor is DirectEqual when == compares values of t, else
// SemanticDeepEqual.
func equalityFor(t *types.Type) Identifier {
	if IsDirectComparable(NonPointer(NativeType(t))) {
		return Identifier(fnDirectEqual)
	}
	return Identifier(fnSemanticEqual)
}

// listMatchArgs returns the match and equivalence arguments that the
// per-item runtime functions (EachValSliceVal and the like) take for the
// list at fldPath of type t, from the list tags seen so far in this run: a
// key matcher and an equality for list-maps, an equality and nil for sets,
// and nil twice otherwise.
func (s *runShared) listMatchArgs(fldPath *field.Path, t *types.Type) (match, equiv any) {
	match, equiv = Literal("nil"), Literal("nil")
	lf := s.lists[fldPath.String()]
	if lf == nil {
		lf = s.lists[t.String()]
	}
	if lf == nil {
		return match, equiv
	}
	elem := NativeType(t).Elem
	switch lf.sem {
	case "map":
		return lf.keyMatcher(elem), equalityFor(elem)
	case "set":
		return equalityFor(elem), equiv
	}
	return match, equiv
}

// listKind checks that a list tag stands on a list and returns its type.
func listKind(ctx Context) (*types.Type, error) {
	t := NativeType(ctx.Type)
	if t.Kind != types.Slice && t.Kind != types.Array {
		return nil, fmt.Errorf("only lists may carry this tag, not %s", t.Kind)
	}
	return t, nil
}

func elemIsStruct(list *types.Type) bool {
	return NonPointer(NativeType(list.Elem)).Kind == types.Struct
}

// factsAt returns the facts of the list at ctx.Path, making them if need be.
func (s *runShared) factsAt(ctx Context) *listFacts {
	p := ctx.Path.String()
	if s.lists[p] == nil {
		s.lists[p] = &listFacts{}
	}
	return s.lists[p]
}

// listTag checks that a list tag stands on a list and returns the list
// type and its facts.
func (s *runShared) listTag(ctx Context) (*types.Type, *listFacts, error) {
	t, err := listKind(ctx)
	if err != nil {
		return nil, nil, err
	}
	return t, s.factsAt(ctx), nil
}

// deferChecks waits for the end of the context to write the uniqueness
// check.
func (s *runShared) deferChecks(ctx Context) Validations {
	return deferTo(ThisContext, func() (Validations, error) { return s.uniquenessChecks(ctx) })
}

// listTypeTag is +k8s:listType.
type listTypeTag struct{ runTag }

func (v *listTypeTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	t, lf, err := v.s.listTag(ctx)
	if err != nil {
		return Validations{}, err
	}
	lf.level = ctx.StabilityLevel
	if lf.listType != "" {
		return Validations{}, fmt.Errorf("only one listType may be given")
	}
	uniqueSaid := lf.sem != "" && lf.sem != "atomic"
	switch tag.Value {
	case "atomic":
		if lf.sem == "" {
			lf.sem = "atomic"
		}
	case "set", "map":
		if uniqueSaid {
			return Validations{}, fmt.Errorf("listType=%s already implies unique; drop the unique tag", tag.Value)
		}
		if tag.Value == "map" && !elemIsStruct(t) {
			return Validations{}, fmt.Errorf("list-maps must be lists of structs")
		}
		lf.sem = tag.Value
	default:
		return Validations{}, fmt.Errorf("unknown listType %q", tag.Value)
	}
	lf.listType = tag.Value
	return v.s.deferChecks(ctx), nil
}

func (v *listTypeTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description: "Says how a list is owned and how its items are told apart: " +
			"atomic lists are replaced whole, set lists hold distinct values, and map lists hold items with distinct keys.",
	}.withPayload(codetags.ValueTypeString, "<type>", "one of atomic, map or set"))
}

// listMapKeyTag is +k8s:listMapKey.
type listMapKeyTag struct{ runTag }

func (v *listMapKeyTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	t, err := listKind(ctx)
	if err != nil {
		return Validations{}, err
	}
	if !elemIsStruct(t) {
		return Validations{}, fmt.Errorf("list-maps must be lists of structs")
	}
	m := MemberByJSON(NonPointer(NativeType(t.Elem)), tag.Value)
	if m == nil {
		return Validations{}, fmt.Errorf("the item type has no field with JSON name %q", tag.Value)
	}
	if NativeType(NonPointer(m.Type)).Kind != types.Builtin {
		return Validations{}, fmt.Errorf("a list-map key must be of a primitive type or a pointer to one, not %s", m.Type.String())
	}
	lf := v.s.factsAt(ctx)
	lf.keys = append(lf.keys, m)
	lf.keyJSON = append(lf.keyJSON, tag.Value)
	return Validations{}, nil
}

func (v *listMapKeyTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    "Names a field of the list's item type that is (part of) the key of a list-map.",
	}.withPayload(codetags.ValueTypeString, "<field-json-name>", "the JSON name of the key field"))
}

// uniqueTag is +k8s:unique.
type uniqueTag struct{ runTag }

func (v *uniqueTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	t, lf, err := v.s.listTag(ctx)
	if err != nil {
		return Validations{}, err
	}
	lf.level = ctx.StabilityLevel
	if lf.listType != "" && lf.listType != "atomic" {
		return Validations{}, fmt.Errorf("unique goes only with listType=atomic; set and map lists are unique already")
	}
	if lf.sem != "" && lf.sem != "atomic" {
		return Validations{}, fmt.Errorf("only one unique tag may be given")
	}
	switch tag.Value {
	case "set":
	case "map":
		if !elemIsStruct(t) {
			return Validations{}, fmt.Errorf("list-maps must be lists of structs")
		}
	default:
		return Validations{}, fmt.Errorf("unknown unique type %q", tag.Value)
	}
	lf.sem = tag.Value
	return v.s.deferChecks(ctx), nil
}

func (v *uniqueTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description: "Requires the items of a list to be distinct, as values (set) or by their listMapKey fields (map). " +
			"It adds that rule to a listType=atomic list, or stands alone.",
	}.withPayload(codetags.ValueTypeString, "<type>", "one of map or set"))
}

// customUniqueTag is +k8s:customUnique.
type customUniqueTag struct{ runTag }

func (v *customUniqueTag) GetValidations(ctx Context, _ codetags.Tag) (Validations, error) {
	_, lf, err := v.s.listTag(ctx)
	if err != nil {
		return Validations{}, err
	}
	lf.custom = true
	return Validations{}, nil
}

func (v *customUniqueTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description:    "Leaves the uniqueness check of a set or map list to hand-written code: no uniqueness check is generated for it.",
	})
}

// listFactsFor finds the facts that apply in ctx: those of the place
// itself, or, for a field, those of the field's type.
func (s *runShared) listFactsFor(ctx Context) (*listFacts, error) {
	own := s.lists[ctx.Path.String()]
	if ctx.Scope != ScopeField {
		return own, nil
	}
	byType := s.lists[ctx.Type.String()]
	switch {
	case own != nil && byType != nil:
		return nil, fmt.Errorf("list tags are on both the field %s and its type", ctx.Path)
	case byType != nil:
		return byType, nil
	}
	return own, nil
}

// uniquenessChecks writes, once per list, the check that its items are
// distinct.
func (s *runShared) uniquenessChecks(ctx Context) (Validations, error) {
	nt := NativeType(ctx.Type)
	if nt.Kind != types.Slice && nt.Kind != types.Array {
		return Validations{}, nil
	}
	lf, err := s.listFactsFor(ctx)
	if err != nil || lf == nil {
		return Validations{}, err
	}
	p := ctx.Path.String()
	if s.listsDone[p] {
		return Validations{}, nil
	}
	s.listsDone[p] = true
	if err := lf.validate(); err != nil {
		return Validations{}, err
	}
	var out Validations
	if lf.custom {
		out.AddComment("Uniqueness validation is implemented via custom, handwritten validation")
		return out, nil
	}
	fn := fnValSliceUnique
	if nt.Elem.Kind == types.Pointer {
		fn = fnPtrSliceUnique
	}
	dup := Emission{Type: field.ErrorTypeDuplicate, PathFragment: "[*]"}
	switch lf.sem {
	case "set":
		f := Function("listValidator", DefaultFlags, fn, equalityFor(nt.Elem)).
			WithComment("lists with set semantics require unique values").WithEmits(dup)
		if lf.level != "" {
			f = f.WithStabilityLevel(lf.level)
		}
		out.AddFunction(f)
	case "map":
		out.AddFunction(Function("listValidator", DefaultFlags, fn, lf.keyMatcher(nt.Elem)).
			WithComment("lists with map semantics require unique keys").
			WithStabilityLevel(lf.level).WithEmits(dup))
	}
	return out, nil
}

package validators

import (
	"fmt"
	"slices"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const tagUpdate = "k8s:update"

func init() {
	Register(func() TagValidator {
		return &updateTag{runTag: runSpec(tagUpdate, ScopeField, ScopeListVal, ScopeMapVal), pending: map[string]*pendingUpdate{}}
	})
}

// updateRule is one +k8s:update constraint, in the order of the runtime's
// UpdateConstraint values.
type updateRule int

const (
	ruleNoSet updateRule = iota
	ruleNoUnset
	ruleNoModify
	ruleNoAddItem
	ruleNoRemoveItem
)

var updateRuleNames = []string{"NoSet", "NoUnset", "NoModify", "NoAddItem", "NoRemoveItem"}

func (r updateRule) String() string { return updateRuleNames[r] }

// pendingUpdate gathers the +k8s:update tags of one field.
type pendingUpdate struct {
	rules sets.Set[updateRule]
	level ValidationStabilityLevel
}

// updateTag is +k8s:update.
type updateTag struct {
	runTag
	pending map[string]*pendingUpdate // by field path
}

func (v *updateTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	i := slices.Index(updateRuleNames, tag.Value)
	if i < 0 {
		return Validations{}, fmt.Errorf("unknown update constraint %q", tag.Value)
	}
	rule := updateRule(i)
	if ctx.Scope == ScopeListVal || ctx.Scope == ScopeMapVal {
		return v.forItem(ctx, rule)
	}
	p := ctx.Path.String()
	pu := v.pending[p]
	if pu == nil {
		pu = &pendingUpdate{rules: sets.New[updateRule]()}
		v.pending[p] = pu
	}
	pu.level = ctx.StabilityLevel
	pu.rules.Insert(rule)
	if err := checkUpdateRules(ctx.Type, pu.rules); err != nil {
		return Validations{}, err
	}
	return deferTo(ThisContext, func() (Validations, error) { return v.flush(ctx) }), nil
}

// forItem handles +k8s:update on list or map items, where only NoModify
// makes sense.
func (v *updateTag) forItem(ctx Context, rule updateRule) (Validations, error) {
	if rule != ruleNoModify {
		return Validations{}, fmt.Errorf("%s applies to a whole list or map; put it on the field instead of on %s", rule, ctx.Scope)
	}
	if k := NonPointer(NativeType(ctx.Type)).Kind; k == types.Slice || k == types.Map {
		return Validations{}, fmt.Errorf("NoModify is not supported on items that are lists or maps themselves")
	}
	if ctx.Scope == ScopeListVal && ctx.ParentPath != nil {
		if lf := v.s.lists[ctx.ParentPath.String()]; lf != nil && lf.sem != "map" {
			return Validations{}, fmt.Errorf("NoModify on list items needs a list whose items have keys (listType=map or unique=map), not %q", lf.sem)
		}
	}
	out := scalarUpdate(ctx.Type, []updateRule{rule})
	markLevel(&out, ctx.StabilityLevel)
	return out, nil
}

// checkUpdateRules rejects constraints that make no sense for type t.
func checkUpdateRules(t *types.Type, rules sets.Set[updateRule]) error {
	nt := NonPointer(NativeType(t))
	compound := nt.Kind == types.Slice || nt.Kind == types.Map
	plainStruct := nt.Kind == types.Struct && t.Kind != types.Pointer
	for _, r := range sets.List(rules) {
		switch {
		case (r == ruleNoAddItem || r == ruleNoRemoveItem) && !compound:
			return fmt.Errorf("%s is only for list and map fields", r)
		case r == ruleNoModify && compound:
			return fmt.Errorf("NoModify is not for list or map fields; use +k8s:eachVal=+k8s:update=NoModify to freeze each item")
		case (r == ruleNoSet || r == ruleNoUnset) && plainStruct:
			return fmt.Errorf("%s is meaningless on a non-pointer struct field, which is never unset", r)
		}
	}
	return nil
}

// flush writes the gathered constraints of the field in ctx, once.
func (v *updateTag) flush(ctx Context) (Validations, error) {
	p := ctx.Path.String()
	pu := v.pending[p]
	if pu == nil || pu.rules.Len() == 0 {
		return Validations{}, nil
	}
	delete(v.pending, p)
	rules := sets.List(pu.rules)
	var out Validations
	switch NonPointer(NativeType(ctx.Type)).Kind {
	case types.Slice:
		var err error
		if out, err = v.sliceUpdate(ctx, rules); err != nil {
			return Validations{}, err
		}
	case types.Map:
		out = updateCall(stdFn("UpdateMap"), rules, nil, compoundUpdateEmits(rules, true))
	default:
		out = scalarUpdate(ctx.Type, rules)
	}
	level := pu.level
	if ctx.StabilityLevel != "" {
		level = ctx.StabilityLevel
	}
	markLevel(&out, level)
	return out, nil
}

// sliceUpdate is ValSliceUpdate or PtrSliceUpdate; item constraints need
// the list tags to know which old and new items are the same.
func (v *updateTag) sliceUpdate(ctx Context, rules []updateRule) (Validations, error) {
	var match any = Literal("nil")
	elem := NativeType(ctx.Type).Elem
	if slices.Contains(rules, ruleNoAddItem) || slices.Contains(rules, ruleNoRemoveItem) {
		lf := v.s.lists[ctx.Path.String()]
		if lf == nil {
			lf = v.s.lists[ctx.Type.String()]
		}
		if lf == nil {
			return Validations{}, fmt.Errorf("NoAddItem and NoRemoveItem need list tags (listType with listMapKey, or unique) that say how items are identified")
		}
		switch lf.sem {
		case "map":
			if len(lf.keys) == 0 {
				return Validations{}, fmt.Errorf("NoAddItem and NoRemoveItem on a listType=map need a listMapKey")
			}
			match = lf.keyMatcher(elem)
		case "set":
			match = equalityFor(elem)
		default:
			return Validations{}, fmt.Errorf("NoAddItem and NoRemoveItem need items with an identity: listType=set or map, or unique=set or map")
		}
	}
	fn := stdFn("ValSliceUpdate")
	if elem.Kind == types.Pointer {
		fn = stdFn("PtrSliceUpdate")
	}
	return updateCall(fn, rules, []any{match}, compoundUpdateEmits(rules, false)), nil
}

// scalarUpdate checks a value, pointer or struct as a whole.
func scalarUpdate(t *types.Type, rules []updateRule) Validations {
	nt := NonPointer(NativeType(t))
	var fn types.Name
	switch {
	case t.Kind == types.Pointer:
		fn = stdFn("UpdatePointer")
	case nt.Kind == types.Struct:
		fn = stdFn("UpdateStruct")
	case IsDirectComparable(nt):
		fn = stdFn("UpdateValueByCompare")
	default:
		fn = stdFn("UpdateValueByReflect")
	}
	return updateCall(fn, rules, nil, []Emission{{Type: field.ErrorTypeInvalid, Origin: "update"}})
}

// updateCall calls fn with lead arguments and then the constraints. It
// short-circuits, so it runs with +k8s:optional and the like.
func updateCall(fn types.Name, rules []updateRule, lead []any, emits []Emission) Validations {
	args := slices.Clone(lead)
	for _, r := range rules {
		args = append(args, Identifier(stdFn(r.String())))
	}
	f := Function(tagUpdate, ShortCircuit, fn, args...).WithEmits(emits...)
	return Validations{Functions: []FunctionGen{f}}
}

// compoundUpdateEmits lists the errors of ValSliceUpdate or UpdateMap for
// the constraints.
func compoundUpdateEmits(rules []updateRule, isMap bool) []Emission {
	has := func(rs ...updateRule) bool {
		return slices.ContainsFunc(rules, func(r updateRule) bool { return slices.Contains(rs, r) })
	}
	var out []Emission
	if has(ruleNoSet, ruleNoUnset) {
		out = append(out, Emission{Type: field.ErrorTypeInvalid, Origin: "update"})
	}
	if has(ruleNoAddItem) || (isMap && has(ruleNoRemoveItem)) {
		out = append(out, Emission{Type: field.ErrorTypeForbidden, Origin: "update", PathFragment: "[*]"})
	}
	if !isMap && has(ruleNoRemoveItem) {
		out = append(out, Emission{Type: field.ErrorTypeForbidden, Origin: "update"})
	}
	return out
}

// markLevel sets level on every function of v, unless level is empty.
func markLevel(v *Validations, level ValidationStabilityLevel) {
	if level == "" {
		return
	}
	for i := range v.Functions {
		v.Functions[i] = v.Functions[i].WithStabilityLevel(level)
	}
}

func (v *updateTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		PayloadsType:   codetags.ValueTypeString,
		Description: "Limits how a field may change on update. NoSet forbids giving a value to an unset field, " +
			"NoUnset forbids clearing a set one, NoModify forbids changing a set value (setting and clearing stay allowed), " +
			"and NoAddItem and NoRemoveItem forbid adding or removing items of a list or map. " +
			"Repeat the tag to combine constraints, e.g. NoModify with NoUnset for a field that can be set only once. " +
			"A list or map counts as unset when it is empty; list items are identified through listType, listMapKey " +
			"or unique, map items by their keys. Non-pointer structs are never unset, so only NoModify applies to them. " +
			"Lists and maps do not take NoModify; use +k8s:eachVal=+k8s:update=NoModify to freeze their items, " +
			"which for lists needs listType=map or unique=map.",
	})
}

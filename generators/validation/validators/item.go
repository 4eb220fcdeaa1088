package validators

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

const tagItem = "k8s:item"

func init() {
	Register(func() TagValidator { return &itemTag{runSpec(tagItem, valueScopes...)} })
}

// keyCriterion is one "field: value" argument of +k8s:item.
type keyCriterion struct {
	field string // JSON name
	value any    // string, int or bool
}

// itemTag is +k8s:item: the payload tag validates the list-map item with
// the given key.
type itemTag struct{ runTag }

func (v *itemTag) GetValidations(ctx Context, tag codetags.Tag) (Validations, error) {
	list := NonPointer(NativeType(ctx.Type))
	if list.Kind != types.Slice {
		return Validations{}, fmt.Errorf("only lists may carry this tag")
	}
	elem := NonPointer(NativeType(list.Elem))
	if elem.Kind != types.Struct {
		return Validations{}, fmt.Errorf("only lists of structs may carry this tag")
	}
	if tag.ValueType != codetags.ValueTypeTag || tag.ValueTag == nil {
		return Validations{}, fmt.Errorf("the value must be a validation tag")
	}
	crit, err := keyCriteria(tag.Args)
	if err != nil {
		return Validations{}, err
	}
	if len(crit) == 0 {
		return Validations{}, fmt.Errorf("name the item by its key fields, e.g. +k8s:item(name: \"x\")")
	}
	sel := selectorText(crit)
	itemCtx := partOf(ctx, ScopeListVal, elem, ctx.Path.Key(sel))
	itemCtx.ListSelector = selectorTerms(crit)
	got, err := v.inner.ExtractTagValidations(itemCtx, *tag.ValueTag)
	if err != nil {
		return Validations{}, err
	}
	fn := stdFn("ValSliceItem")
	if list.Elem.Kind == types.Pointer {
		fn = stdFn("PtrSliceItem")
	}
	// The list keys are known only once the whole context has been seen,
	// so wrapping waits for a deferred callback.
	wrapper := func() (func(FunctionGen) FunctionGen, error) {
		match, equiv, err := v.itemMatchArgs(ctx, crit, elem)
		if err != nil {
			return nil, err
		}
		return func(f FunctionGen) FunctionGen {
			w := Function(tagItem, f.Flags, fn, match, equiv, WrapperFunction{Function: f, ObjType: elem})
			w.Cohort = sel
			return w
		}, nil
	}

	out := got.Clone()
	out.Functions, out.Deferred = nil, nil
	if len(got.Functions) > 0 {
		out.AddDeferred(Deferred(ThisContext, func() (Validations, error) {
			wrap, err := wrapper()
			if err != nil {
				return Validations{}, err
			}
			var res Validations
			for _, f := range got.Functions {
				res.AddFunction(wrap(f))
			}
			return res, nil
		}))
	}
	for _, d := range got.Deferred {
		out.AddDeferred(itemDeferred(d, wrapper))
	}
	return out, nil
}

// itemDeferred carries a payload's deferred validation over to the list.
// What the payload wants done in its parent context (such as a union over
// items) is done on the list itself, unwrapped.
func itemDeferred(d DeferredGen, wrapper func() (func(FunctionGen) FunctionGen, error)) DeferredGen {
	scope := d.Scope
	if scope == ParentContext {
		scope = ThisContext
	}
	return Deferred(scope, func() (Validations, error) {
		inner, err := d.Callback()
		if err != nil {
			return Validations{}, err
		}
		wrap, err := wrapper()
		if err != nil {
			return Validations{}, err
		}
		return wrapIn(inner, func(f FunctionGen, s DeferredScope) FunctionGen {
			if s == ParentContext {
				return f
			}
			return wrap(f)
		}, d.Scope), nil
	})
}

// itemMatchArgs returns the matcher of the selected item and the equality
// used for ratcheting.
func (v *itemTag) itemMatchArgs(ctx Context, crit []keyCriterion, elem *types.Type) (any, any, error) {
	lf, ok := v.s.lists[ctx.Path.String()]
	if !ok && ctx.Scope == ScopeField {
		lf, ok = v.s.lists[ctx.Type.String()]
	}
	if !ok || lf.sem != "map" || len(lf.keys) == 0 {
		return nil, nil, fmt.Errorf("item tags need a list with keys: listType=map or unique=map, and listMapKey")
	}
	if len(crit) != len(lf.keyJSON) {
		return nil, nil, fmt.Errorf("got %d key arguments but the list has %d listMapKey fields", len(crit), len(lf.keyJSON))
	}
	var ordered []keyCriterion
	var missing []string
	for _, k := range lf.keyJSON {
		i := indexCriterion(crit, k)
		if i < 0 {
			missing = append(missing, k)
			continue
		}
		if MemberByJSON(elem, k) == nil {
			return nil, nil, fmt.Errorf("the item type has no field with JSON name %q", k)
		}
		ordered = append(ordered, crit[i])
	}
	if len(missing) > 0 {
		return nil, nil, fmt.Errorf("missing required listMapKey fields: %v", missing)
	}
	cond, err := keyConditions(elem, ordered, "item")
	if err != nil {
		return nil, nil, err
	}
	match := FunctionLiteral{
		Parameters: []ParamResult{{"item", types.PointerTo(elem)}},
		Results:    []ParamResult{{"", types.Bool}},
		Body:       "return " + cond,
	}
	return match, equalityFor(elem), nil
}

func indexCriterion(crit []keyCriterion, field string) int {
	for i, c := range crit {
		if c.field == field {
			return i
		}
	}
	return -1
}

// keyCriteria reads the named arguments of +k8s:item.
func keyCriteria(args []codetags.Arg) ([]keyCriterion, error) {
	out := []keyCriterion{}
	seen := sets.New[string]()
	for _, a := range args {
		if a.Name == "" {
			return nil, fmt.Errorf("every argument must be named after a key field")
		}
		if seen.Has(a.Name) {
			return nil, fmt.Errorf("argument %q is given twice", a.Name)
		}
		seen.Insert(a.Name)
		val, err := argValue(a)
		if err != nil {
			return nil, fmt.Errorf("argument %q: %w", a.Name, err)
		}
		out = append(out, keyCriterion{field: a.Name, value: val})
	}
	return out, nil
}

func argValue(a codetags.Arg) (any, error) {
	switch a.Type {
	case codetags.ArgTypeString:
		return a.Value, nil
	case codetags.ArgTypeInt:
		return ParseInt(a.Value)
	case codetags.ArgTypeBool:
		return ParseBool(a.Value)
	}
	return nil, fmt.Errorf("values of type %q are not supported", a.Type)
}

// keyConditions is the Go condition that the struct at ref has the key
// values of crit.
func keyConditions(elem *types.Type, crit []keyCriterion, ref string) (string, error) {
	var conds []string
	for _, c := range crit {
		m := MemberByJSON(elem, c.field)
		if m == nil {
			return "", fmt.Errorf("the item type has no field with JSON name %q", c.field)
		}
		lit, err := keyLiteral(m, c.value)
		if err != nil {
			return "", err
		}
		if m.Type.Kind == types.Pointer {
			conds = append(conds, fmt.Sprintf("%[1]s.%[2]s != nil && *%[1]s.%[2]s == %[3]s", ref, m.Name, lit))
		} else {
			conds = append(conds, fmt.Sprintf("%s.%s == %s", ref, m.Name, lit))
		}
	}
	return strings.Join(conds, " && "), nil
}

// keyLiteral writes value as a Go literal of the field's type.
func keyLiteral(m *types.Member, value any) (string, error) {
	t := NonPointer(NativeType(m.Type))
	mismatch := func(kind string) error {
		return fmt.Errorf("field %s is a %s, which %v is not", m.Name, kind, value)
	}
	switch {
	case t == types.String:
		s, ok := value.(string)
		if !ok {
			return "", mismatch("string")
		}
		return fmt.Sprintf("%q", s), nil
	case t == types.Bool:
		b, ok := value.(bool)
		if !ok {
			return "", mismatch("bool")
		}
		return fmt.Sprintf("%t", b), nil
	case types.IsInteger(t):
		n, ok := value.(int)
		if !ok {
			return "", mismatch("integer")
		}
		return fmt.Sprintf("%d", n), nil
	}
	return "", fmt.Errorf("key field %s has type %s, which is not supported", m.Name, t.String())
}

// selectorText names the selected item in paths, like {"name": "x", "n": 1}.
func selectorText(crit []keyCriterion) string {
	parts := make([]string, 0, len(crit))
	for _, c := range crit {
		var v string
		switch x := c.value.(type) {
		case string:
			v = fmt.Sprintf("%q", x)
		default:
			v = fmt.Sprint(x)
		}
		parts = append(parts, fmt.Sprintf("%q: %s", c.field, v))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func selectorTerms(crit []keyCriterion) []ListSelectorTerm {
	out := make([]ListSelectorTerm, len(crit))
	for i, c := range crit {
		out[i] = ListSelectorTerm{Field: c.field, Value: c.value}
	}
	return out
}

func (v *itemTag) Docs() TagDoc {
	return describe(v, TagDoc{
		StabilityLevel: TagStabilityLevelStable,
		Description: "Applies a validation to the one item of a list-map (+k8s:listType=map) that has the given key; " +
			"every key field must be named.",
		Usage: "+k8s:item(stringKey: \"value\", intKey: 42, boolKey: true)=<validation-tag>",
		Docs: "Each argument is named with the JSON name of a listMapKey field and holds a string, integer or boolean value, " +
			"as in +k8s:item(name: \"main\", port: 80, primary: true)=<chained-validation-tag>.",
		AcceptsUnknownArgs: true,
	}.withPayload(codetags.ValueTypeTag, "<validation-tag>", "the tag applied to the selected item"))
}

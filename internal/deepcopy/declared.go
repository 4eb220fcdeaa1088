package deepcopy

import (
	gotypes "go/types"

	"k8s.io/gengo/v2/types"
)

// controller-gen reads types with go/types, where an alias stays an alias;
// the model, like gengo, resolves it. So in controller-gen's form the
// emitter keeps, while it copies a struct field, the field's type as
// declared, part by part: an alias is spelled by its own name, and a
// value whose declared type is an alias is never shallow-copied, as
// controller-gen's shallow-copy test knows no aliases.

// declaredParts maps each part of the type of field i of struct t to that
// part as the field declares it.
func (e *emitter) declaredParts(t *types.Type, i int) map[*types.Type]gotypes.Type {
	if t.GoType == nil {
		return nil
	}
	st, ok := t.GoType.Underlying().(*gotypes.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	out := map[*types.Type]gotypes.Type{}
	addParts(t.Members[i].Type, st.Field(i).Type(), out)
	return out
}

// addParts adds t and its parts to out, paired with gt and its parts.
func addParts(t *types.Type, gt gotypes.Type, out map[*types.Type]gotypes.Type) {
	if t == nil {
		return
	}
	out[t] = gt
	switch g := gt.(type) {
	case *gotypes.Pointer:
		addParts(t.Elem, g.Elem(), out)
	case *gotypes.Slice:
		addParts(t.Elem, g.Elem(), out)
	case *gotypes.Array:
		addParts(t.Elem, g.Elem(), out)
	case *gotypes.Map:
		addParts(t.Key, g.Key(), out)
		addParts(t.Elem, g.Elem(), out)
	}
}

// aliasName spells t by the alias its declaration uses, if it uses one.
func (e *emitter) aliasName(t *types.Type) (string, bool) {
	a, ok := e.declared[t].(*gotypes.Alias)
	if !ok || a.Obj().Pkg() == nil {
		return "", false
	}
	return e.f.Name(&types.Type{Name: types.Name{Package: a.Obj().Pkg().Path(), Name: a.Obj().Name()}}), true
}

// basicName spells a basic type as the field declares it, in
// controller-gen's form. gengo's universe holds int8 and uint8 as one type
// named byte, where controller-gen, reading go/types, writes int8.
func (e *emitter) basicName(t *types.Type) (string, bool) {
	b, ok := e.declared[t].(*gotypes.Basic)
	if !ok {
		return "", false
	}
	return b.Name(), true
}

// hasAlias reports whether spelling t involves an alias of its
// declaration, or a basic type gengo names otherwise.
func (e *emitter) hasAlias(t *types.Type) bool {
	if t == nil || len(e.declared) == 0 {
		return false
	}
	if _, ok := e.aliasName(t); ok {
		return true
	}
	if s, ok := e.basicName(t); ok && s != t.Name.Name {
		return true
	}
	switch t.Kind {
	case types.Pointer, types.Slice, types.Array:
		return e.hasAlias(t.Elem)
	case types.Map:
		return e.hasAlias(t.Key) || e.hasAlias(t.Elem)
	}
	return false
}

// shallow reports whether assignment copies a value of t, which the model
// says it does: in controller-gen's form, only if t's declared type names
// no alias where controller-gen's test looks.
func (e *emitter) shallow(t *types.Type) bool {
	gt, ok := e.declared[t]
	return !ok || shallowDeclared(gt)
}

// shallowUnderlying is shallow for a slice's element or a pointer's
// target, which controller-gen tests by its underlying type: an alias
// there passes, but not a struct with a field of alias type.
func (e *emitter) shallowUnderlying(t *types.Type) bool {
	gt, ok := e.declared[t]
	return !ok || shallowDeclared(gt.Underlying())
}

// shallowDeclared is controller-gen's shallow-copy test on a declared type:
// basic types, named types whose underlying type passes, and structs whose
// fields all pass. An alias does not pass.
func shallowDeclared(t gotypes.Type) bool {
	switch t := t.(type) {
	case *gotypes.Basic:
		return t.Kind() != gotypes.Invalid && t.Kind() != gotypes.UnsafePointer
	case *gotypes.Named:
		return shallowDeclared(t.Underlying())
	case *gotypes.Struct:
		for f := range t.Fields() {
			if !shallowDeclared(f.Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// underlyingParts maps the parts of named type t's underlying type to
// their Go types, in deepcopy-gen's form; nil otherwise.
func (e *emitter) underlyingParts(t *types.Type) map[*types.Type]gotypes.Type {
	if e.plain || t.GoType == nil {
		return nil
	}
	out := map[*types.Type]gotypes.Type{}
	addParts(underlying(t), t.GoType.Underlying(), out)
	return out
}

// spellsInt8 reports whether spelling t, in deepcopy-gen's form, spells
// an int8 of the declaration.
func (e *emitter) spellsInt8(t *types.Type) bool {
	if t == nil || len(e.gengoParts) == 0 {
		return false
	}
	if b, ok := e.gengoParts[t].(*gotypes.Basic); ok && b.Kind() == gotypes.Int8 {
		return true
	}
	switch t.Kind {
	case types.Pointer, types.Slice, types.Array:
		return e.spellsInt8(t.Elem)
	case types.Map:
		return e.spellsInt8(t.Key) || e.spellsInt8(t.Elem)
	}
	return false
}

// int8AsByte reports, once per field or type, that deepcopy-gen's code
// does not compile: gengo's universe holds int8 and byte as one type,
// named byte, so upstream writes new(byte) for a *int8.
func (e *emitter) int8AsByte() {
	key := "int8 " + e.at.String()
	if e.unspelled[key] {
		return
	}
	if e.unspelled == nil {
		e.unspelled = map[string]bool{}
	}
	e.unspelled[key] = true
	e.fail("deepcopy-gen spells int8 as byte here (gengo has one type for both), so the copy would not compile; use a named type (type X int8) or another integer type")
}

// goTypeString spells t as go/types does, as controller-gen's messages do.
func goTypeString(t *types.Type) string {
	if t.GoType != nil {
		return t.GoType.String()
	}
	return t.Name.Name
}

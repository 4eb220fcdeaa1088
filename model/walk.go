package model

import (
	"fmt"
	"go/constant"
	gotypes "go/types"
	"strings"

	"k8s.io/gengo/v2/types"
)

// walk adds the gengo form of in, and of every type it refers to, to the
// universe. It classifies types the way gengo's parser does, because
// generators ported from upstream depend on those kinds: a named type whose
// underlying type is a basic, map, slice or named type is an Alias; a named
// pointer, array, chan or func type is flattened into its underlying kind.
func (b *builder) walk(useName *types.Name, in gotypes.Type) *types.Type {
	if a, ok := in.(*gotypes.Alias); ok {
		return b.walk(nil, gotypes.Unalias(a))
	}
	switch t := in.(type) {
	case *gotypes.Basic:
		out := b.u.Type(types.Name{Name: t.Name()})
		if out.Kind == types.Unknown {
			out.Kind = types.Unsupported
		}
		return out
	case *gotypes.Named:
		return b.walkNamed(t)
	case *gotypes.TypeParam:
		// Type parameters are not shared through the universe: T of one
		// generic type is not T of another.
		return &types.Type{Name: types.Name{Name: t.Obj().Name()}, Kind: types.TypeParam, GoType: t}
	}
	var name types.Name
	if useName != nil {
		name = *useName
	} else {
		name = nameOf(in.String())
	}
	out := b.u.Type(name)
	out.GoType = in
	if out.Kind != types.Unknown {
		return out
	}
	switch t := in.(type) {
	case *gotypes.Struct:
		out.Kind = types.Struct
		for i := range t.NumFields() {
			f := t.Field(i)
			out.Members = append(out.Members, types.Member{
				Name:         f.Name(),
				Embedded:     f.Anonymous(),
				Tags:         t.Tag(i),
				Type:         b.walk(nil, f.Type()),
				CommentLines: b.docLines(f.Pos()),
			})
		}
	case *gotypes.Map:
		out.Kind = types.Map
		out.Elem = b.walk(nil, t.Elem())
		out.Key = b.walk(nil, t.Key())
	case *gotypes.Pointer:
		out.Kind = types.Pointer
		out.Elem = b.walk(nil, t.Elem())
	case *gotypes.Slice:
		out.Kind = types.Slice
		out.Elem = b.walk(nil, t.Elem())
	case *gotypes.Array:
		out.Kind = types.Array
		out.Elem = b.walk(nil, t.Elem())
		out.Len = t.Len()
	case *gotypes.Chan:
		out.Kind = types.Chan
		out.Elem = b.walk(nil, t.Elem())
	case *gotypes.Signature:
		out.Kind = types.Func
		out.Signature = b.signature(t)
	case *gotypes.Interface:
		out.Kind = types.Interface
		for i := range t.NumMethods() {
			b.addMethod(out, t.Method(i))
		}
	default:
		out.Kind = types.Unsupported
	}
	return out
}

func (b *builder) walkNamed(t *gotypes.Named) *types.Type {
	name := nameOf(t.String())
	if t.TypeArgs().Len() > 0 {
		return b.walkInstance(name, t)
	}
	var out *types.Type
	switch t.Underlying().(type) {
	case *gotypes.Named, *gotypes.Basic, *gotypes.Map, *gotypes.Slice:
		out = b.u.Type(name)
		out.GoType = t
		if out.Kind != types.Unknown {
			return out
		}
		out.Kind = types.Alias
		out.Underlying = b.walk(nil, t.Underlying())
	case *gotypes.Struct, *gotypes.Interface:
		params := map[string]*types.Type{}
		if tps := t.TypeParams(); tps.Len() > 0 {
			// Name a generic type by its parameters: Pair[K,V].
			var names []string
			for i := range tps.Len() {
				tp := tps.At(i)
				names = append(names, tp.Obj().Name())
				params[tp.Obj().Name()] = b.walk(nil, tp.Constraint())
			}
			name.Name = fmt.Sprintf("%s[%s]", strings.SplitN(name.Name, "[", 2)[0], strings.Join(names, ","))
		}
		if out = b.u.Type(name); out.Kind != types.Unknown {
			out.GoType = t
			return out
		}
		out = b.walk(&name, t.Underlying())
		out.TypeParams = params
	default:
		if out = b.u.Type(name); out.Kind != types.Unknown {
			return out
		}
		out = b.walk(&name, t.Underlying())
	}
	if len(out.Methods) == 0 {
		for i := range t.NumMethods() {
			b.addMethod(out, t.Method(i))
		}
	}
	return out
}

// walkInstance adds an instantiated generic type, such as Box[*Item], as a
// type of its own whose members have the type arguments substituted, and
// records its origin and arguments so generators can spell it. (gengo folds
// every instance into its generic origin, which cannot be spelled.)
func (b *builder) walkInstance(name types.Name, t *gotypes.Named) *types.Type {
	out := b.u.Type(name)
	if out.Kind != types.Unknown {
		return out
	}
	out.Kind = "Instantiating" // until done, for types that refer to themselves
	inst := &Instance{Origin: b.walk(nil, t.Origin())}
	for i := range t.TypeArgs().Len() {
		inst.Args = append(inst.Args, b.walk(nil, t.TypeArgs().At(i)))
	}
	u := b.walk(&types.Name{Name: t.Underlying().String()}, t.Underlying())
	*out = *u
	out.Name, out.GoType = name, t
	b.m.instances[out] = inst
	return out
}

func (b *builder) addMethod(on *types.Type, fn *gotypes.Func) {
	if on.Methods == nil {
		on.Methods = map[string]*types.Type{}
	}
	// gengo names a method's type by its whole signature; the full name of
	// the method is as unique and much cheaper to spell.
	name := types.Name{Name: fn.FullName()}
	mt := b.walk(&name, fn.Type())
	mt.CommentLines = b.docLines(fn.Pos())
	on.Methods[fn.Name()] = mt
}

func (b *builder) signature(t *gotypes.Signature) *types.Signature {
	s := &types.Signature{Variadic: t.Variadic()}
	for i := range t.Params().Len() {
		v := t.Params().At(i)
		s.Parameters = append(s.Parameters, &types.ParamResult{Name: v.Name(), Type: b.walk(nil, v.Type())})
	}
	for i := range t.Results().Len() {
		v := t.Results().At(i)
		s.Results = append(s.Results, &types.ParamResult{Name: v.Name(), Type: b.walk(nil, v.Type())})
	}
	if r := t.Recv(); r != nil {
		s.Receiver = b.walk(nil, r.Type())
	}
	return s
}

// nameOf splits the go/types spelling of a type into package and name.
// Anonymous types keep their whole spelling as the name.
func nameOf(s string) types.Name {
	for _, p := range []string{"struct{", "<-chan", "chan<-", "chan ", "func(", "func (", "*", "map[", "["} {
		if strings.HasPrefix(s, p) {
			return types.Name{Name: s}
		}
	}
	base, args := s, ""
	if i := strings.IndexByte(s, '['); i >= 0 {
		base, args = s[:i], s[i:]
	}
	i := strings.LastIndexByte(base, '.')
	if i < 0 {
		return types.Name{Name: s}
	}
	return types.Name{Package: base[:i], Name: base[i+1:] + args}
}

func constantString(c *gotypes.Const) (string, bool) {
	if c.Val().Kind() == constant.String {
		return constant.StringVal(c.Val()), true
	}
	return "", false
}

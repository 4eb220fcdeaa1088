package protobuf

import (
	"reflect"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"
)

// reach is what upstream's type assignment decides for one package: the
// types it reaches from its declarations, among which are its messages,
// and the .proto files it imports.
type reach struct {
	types   map[types.Name]*types.Type
	imports map[string]bool
}

// assigner walks the packages in order. A type belongs to the package that
// declares it; a package reaching a type that an earlier package declares
// imports that package's file instead of walking the type.
type assigner struct {
	*builder
	owner map[types.Name]*pkg
}

// assign walks every package's exported types, variables and constants,
// in name order. Variables count: SchemeGroupVersion makes a package import
// runtime/schema's file, though no message uses it.
func (b *builder) assign() {
	a := &assigner{builder: b, owner: map[types.Name]*pkg{}}
	for _, p := range b.pkgs {
		r := &reach{types: map[types.Name]*types.Type{}, imports: map[string]bool{gogoFile: true}}
		b.reached[p] = r
		for _, t := range declarations(b.m.Universe[p.Path]) {
			a.visit(p, r, t)
		}
	}
}

// declarations lists a package's exported types, variables and constants
// by name, as upstream meets them in gengo's order. Function types and
// variables of function type are left out.
func declarations(u *types.Package) []*types.Type {
	var out []*types.Type
	for _, group := range []map[string]*types.Type{u.Types, u.Variables, u.Constants} {
		for _, t := range group {
			if namer.IsPrivateGoName(t.Name.Name) || t.Kind == types.Func {
				continue
			}
			if t.Kind == types.DeclarationOf && t.Underlying != nil && t.Underlying.Kind == types.Func {
				continue
			}
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *types.Type) int { return strings.Compare(a.Name.Name, b.Name.Name) })
	return out
}

func (a *assigner) visit(p *pkg, r *reach, t *types.Type) {
	if scalarOf(t) != nil {
		return
	}
	if owner := a.owner[t.Name]; owner != nil {
		if r.types[t.Name] == nil && owner.proto != p.proto {
			r.imports[owner.importPath] = true
		}
		return
	}
	if t.Name.Package == p.Path {
		a.owner[t.Name] = p
	}
	if r.types[t.Name] != nil {
		return
	}
	r.types[t.Name] = t
	for _, m := range t.Members {
		a.visitMember(p, r, m)
	}
	for _, next := range []*types.Type{t.Elem, t.Key, t.Underlying} {
		if next != nil {
			a.visit(p, r, next)
		}
	}
}

// visitMember follows a field to its type, or to the message its tag
// names.
func (a *assigner) visitMember(p *pkg, r *reach, m types.Member) {
	tag := reflect.StructTag(m.Tags).Get("protobuf")
	if namer.IsPrivateGoName(m.Name) || tag == "-" {
		return
	}
	if tag != "" {
		if pt, err := parseTag(tag, p.proto, p.importPath); err == nil && pt.message != nil {
			a.visit(p, r, &types.Type{Name: pt.message.name(), Kind: types.Protobuf})
			return
		}
	}
	a.visit(p, r, m.Type)
}

// name is the gengo name upstream gives a message type.
func (t *Type) name() types.Name {
	return types.Name{Name: t.Name, Package: t.Package, Path: t.Path}
}

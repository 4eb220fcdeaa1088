package crd

import (
	"go/ast"
	"go/token"
	gotypes "go/types"
)

// instanceSchema is the schema of an instantiated generic type, Pair[T]:
// the generic declaration read with its type parameters standing for the
// arguments. controller-gen v0.23.0 refuses these (controller-tools
// issue #756); the schema is the one the type would have if written out
// by hand. Instances whose arguments are fixed are built once and shared
// by reference, like declared types.
func (p *parser) instanceSchema(c ctx, e ast.Expr, pos token.Position) *schema {
	var base ast.Expr
	var args []ast.Expr
	switch e := e.(type) {
	case *ast.IndexExpr:
		base, args = e.X, []ast.Expr{e.Index}
	case *ast.IndexListExpr:
		base, args = e.X, e.Indices
	}
	pi, name := c.pkg, ""
	switch b := base.(type) {
	case *ast.Ident:
		name = b.Name
	case *ast.SelectorExpr:
		if x, ok := b.X.(*ast.Ident); ok {
			pi, name = p.pkg(importPath(c.pkg.pkg, c.file, x.Name)), b.Sel.Name
		}
	}
	var info *typeInfo
	if pi != nil {
		info = pi.types[name]
	}
	if info == nil || info.spec.TypeParams == nil {
		p.errorf(pos, "unsupported generic type %s", name)
		return &schema{}
	}
	var params []string
	for _, f := range info.spec.TypeParams.List {
		for _, n := range f.Names {
			params = append(params, n.Name)
		}
	}
	if len(params) != len(args) {
		p.errorf(pos, "%s takes %d type arguments, got %d", name, len(params), len(args))
		return &schema{}
	}
	subst := map[string]typeArg{}
	for i, n := range params {
		subst[n] = typeArg{c, args[i]}
	}
	build := func() *schema {
		return p.infoSchema(ctx{pkg: pi, info: info, file: info.file, subst: subst})
	}
	key := name + "["
	for i, a := range args {
		t := p.typeOf(c.pkg, c.file, a)
		if t == nil || len(c.subst) > 0 {
			return build()
		}
		if i > 0 {
			key += ","
		}
		key += gotypes.TypeString(t, nil)
	}
	id := ident{pi.pkg.PkgPath, key + "]"}
	if _, ok := p.schemata[id]; !ok {
		p.schemata[id] = &schema{}
		p.schemata[id] = build()
	}
	link := refLink(id)
	return &schema{Ref: &link}
}

// aliasSchema is the schema of an alias of a type literal (type Labels =
// map[string]string), with the alias's own markers and doc applied.
// controller-gen v0.23.0 drops those markers (controller-tools issue
// #1462). Aliases of named and basic types keep controller-gen's handling
// (nil).
func (p *parser) aliasSchema(c ctx, name string, rhs gotypes.Type) *schema {
	switch rhs.(type) {
	case *gotypes.Map, *gotypes.Slice, *gotypes.Array, *gotypes.Pointer:
	default:
		return nil
	}
	info := c.pkg.types[name]
	if info == nil {
		return nil
	}
	return p.exprSchema(ctx{pkg: c.pkg, file: info.file}, info.spec.Type, info.doc, info.marks, info.pos)
}

package gogo

import (
	"go/ast"
	"go/token"
)

// rewriteOptional does to the methods what go-to-protobuf does after gogo
// for nullable wrappers, messages whose one field Items stands for a
// slice or map type: their Marshal, MarshalTo, MarshalToSizedBuffer, Size
// and String get value receivers, and those methods and Unmarshal use the
// receiver where gogo uses m.Items. Every Unmarshal initialises a field of
// such a type with T{}, not &T{}.
func rewriteOptional(f *ast.File, optional map[string]bool) {
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
			continue
		}
		recv, star := receiverType(fn)
		if recv == nil {
			continue
		}
		if fn.Name.Name == "Unmarshal" {
			ast.Walk(wrapperInit(optional), fn.Body)
		}
		if !optional[recv.Name] {
			continue
		}
		switch fn.Name.Name {
		case "Unmarshal":
			ast.Walk(itemsToReceiver{}, fn.Body)
		case "MarshalTo", "Size", "String", "MarshalToSizedBuffer":
			ast.Walk(itemsToReceiver{}, fn.Body)
			fallthrough
		case "Marshal":
			if star {
				fn.Recv.List[0].Type = recv
			}
		}
	}
}

// receiverType returns a method's receiver type name and whether it is a
// pointer.
func receiverType(fn *ast.FuncDecl) (*ast.Ident, bool) {
	switch t := fn.Recv.List[0].Type.(type) {
	case *ast.StarExpr:
		id, _ := t.X.(*ast.Ident)
		return id, true
	case *ast.Ident:
		return t, false
	}
	return nil, false
}

// wrapperInit turns `m.F = &T{}` into `m.F = T{}` for wrapper types T.
type wrapperInit map[string]bool

func (v wrapperInit) Visit(n ast.Node) ast.Visitor {
	as, ok := n.(*ast.AssignStmt)
	if !ok {
		return v
	}
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 || !isSel(as.Lhs[0], "m", "") {
		return nil
	}
	u, ok := as.Rhs[0].(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	lit, ok := u.X.(*ast.CompositeLit)
	if !ok || len(lit.Elts) != 0 {
		return nil
	}
	if id, ok := lit.Type.(*ast.Ident); ok && v[id.Name] {
		as.Rhs[0] = lit
	}
	return nil
}

// itemsToReceiver replaces m.Items by the receiver: m where it is read,
// *m where it is assigned, appended to or compared with nil.
type itemsToReceiver struct{}

func (v itemsToReceiver) Visit(n ast.Node) ast.Visitor {
	switch t := n.(type) {
	case *ast.RangeStmt:
		if isItems(t.X) {
			t.X = ident("m")
		}
	case *ast.AssignStmt:
		if len(t.Lhs) == 1 && len(t.Rhs) == 1 {
			return v.assign(t)
		}
	case *ast.IfStmt:
		v.ifStmt(t)
	case *ast.IndexExpr:
		if isItems(t.X) {
			t.X = ident("m")
			return nil
		}
	case *ast.CallExpr:
		changed := false
		for i, a := range t.Args {
			if isItems(a) {
				t.Args[i], changed = ident("m"), true
			}
		}
		if changed {
			return nil
		}
	}
	return v
}

// assign handles `m.Items = ...`, `m.Items[k] = ...` and appends to
// m.Items.
func (v itemsToReceiver) assign(t *ast.AssignStmt) ast.Visitor {
	if ix, ok := t.Lhs[0].(*ast.IndexExpr); ok {
		if isItems(ix.X) {
			ix.X = deref()
		}
	} else if isItems(t.Lhs[0]) {
		t.Lhs[0] = deref()
	}
	call, ok := t.Rhs[0].(*ast.CallExpr)
	if !ok {
		return v
	}
	if fn, ok := call.Fun.(*ast.Ident); !ok || fn.Name != "append" {
		return v
	}
	ast.Walk(v, call)
	if len(call.Args) > 0 {
		if id, ok := call.Args[0].(*ast.Ident); ok && id.Name == "m" {
			call.Args[0] = deref()
		}
	}
	return nil
}

// ifStmt handles `if m.Items == nil` and
// `if err := m.Items[len(m.Items)-1].Unmarshal(...)`.
func (v itemsToReceiver) ifStmt(t *ast.IfStmt) {
	if c, ok := t.Cond.(*ast.BinaryExpr); ok && c.Op == token.EQL && isItems(c.X) {
		if id, ok := c.Y.(*ast.Ident); ok && id.Name == "nil" {
			c.X = deref()
		}
	}
	s, ok := t.Init.(*ast.AssignStmt)
	if !ok {
		return
	}
	call, ok := s.Rhs[0].(*ast.CallExpr)
	if !ok {
		return
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	ix, ok := sel.X.(*ast.IndexExpr)
	if !ok {
		return
	}
	if inner, ok := ix.X.(*ast.SelectorExpr); ok && isIdent(inner.X, "m") {
		ix.X = deref()
	}
	if b, ok := ix.Index.(*ast.BinaryExpr); ok {
		if c, ok := b.X.(*ast.CallExpr); ok && len(c.Args) == 1 && isItems(c.Args[0]) {
			c.Args[0] = deref()
		}
	}
}

func isItems(e ast.Expr) bool { return isSel(e, "m", "Items") }

// isSel reports whether e is x.sel, or x.anything when sel is "".
func isSel(e ast.Expr, x, sel string) bool {
	s, ok := e.(*ast.SelectorExpr)
	return ok && s.Sel != nil && (sel == "" || s.Sel.Name == sel) && isIdent(s.X, x)
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func ident(name string) *ast.Ident { return &ast.Ident{Name: name} }
func deref() *ast.StarExpr         { return &ast.StarExpr{X: ident("m")} }

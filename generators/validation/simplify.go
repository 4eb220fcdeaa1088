package validation

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
)

// simplify applies gofmt -s's composite literal rule, which upstream's
// files get from gengo: an element of a slice, array or map literal that
// repeats the element type (or &T for elements of type *T) drops it. It
// reports whether it changed f.
func simplify(fset *token.FileSet, f *ast.File) bool {
	changed := false
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		var elem ast.Expr
		switch t := lit.Type.(type) {
		case *ast.ArrayType:
			elem = t.Elt
		case *ast.MapType:
			elem = t.Value
		default:
			return true
		}
		want := exprString(fset, elem)
		for i, x := range lit.Elts {
			if kv, ok := x.(*ast.KeyValueExpr); ok {
				if simplifyElem(fset, &kv.Value, elem, want) {
					changed = true
				}
				continue
			}
			if simplifyElem(fset, &lit.Elts[i], elem, want) {
				changed = true
			}
		}
		return true
	})
	return changed
}

// simplifyElem drops the type of the literal at *x when it is want, the
// element type elem.
func simplifyElem(fset *token.FileSet, x *ast.Expr, elem ast.Expr, want string) bool {
	if lit, ok := (*x).(*ast.CompositeLit); ok && lit.Type != nil && exprString(fset, lit.Type) == want {
		lit.Type = nil
		return true
	}
	star, ok := elem.(*ast.StarExpr)
	if !ok {
		return false
	}
	if u, ok := (*x).(*ast.UnaryExpr); ok && u.Op == token.AND {
		if lit, ok := u.X.(*ast.CompositeLit); ok && lit.Type != nil && exprString(fset, lit.Type) == exprString(fset, star.X) {
			lit.Type = nil
			*x = lit
			return true
		}
	}
	return false
}

func exprString(fset *token.FileSet, x ast.Expr) string {
	var buf bytes.Buffer
	format.Node(&buf, fset, x)
	return buf.String()
}

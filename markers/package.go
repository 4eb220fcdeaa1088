package markers

import (
	"go/ast"
	"go/token"

	"github.com/apigen-dev/apigen/diag"
)

// PackageComments returns the comment groups of a doc.go file that hold
// package markers: every group, as gengo reads the file, except those that
// belong to a declaration of a type, function, variable or constant (its
// doc comment, or comments inside it). A type's markers belong to the
// type, whatever file declares it.
func PackageComments(f *ast.File) []*ast.CommentGroup {
	var decls []ast.Decl
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); !ok || g.Tok != token.IMPORT {
			decls = append(decls, d)
		}
	}
	var out []*ast.CommentGroup
	for _, g := range f.Comments {
		for len(decls) > 0 && decls[0].End() < g.Pos() {
			decls = decls[1:]
		}
		if len(decls) == 0 || g.End() < declStart(decls[0]) {
			out = append(out, g)
		}
	}
	return out
}

// declStart is where a declaration begins, its doc comment included.
func declStart(d ast.Decl) token.Pos {
	switch d := d.(type) {
	case *ast.GenDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	case *ast.FuncDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	}
	return d.Pos()
}

// PackageMarkers are the markers of f's package comments, read without
// reporting their problems: for a look ahead, before the model reads them
// again and reports.
func (r *Registry) PackageMarkers(fset *token.FileSet, f *ast.File) Set {
	return r.Parse(CommentLines(fset, PackageComments(f)...), Package, &diag.List{})
}

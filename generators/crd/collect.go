package crd

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// typeInfo is a declared type as controller-gen sees it.
type typeInfo struct {
	name   string
	doc    string
	marks  markers.Set
	fields []fieldInfo
	spec   *ast.TypeSpec
	file   *ast.File
	pos    token.Position
}

type fieldInfo struct {
	name  string // "" for an embedded field
	doc   string
	tag   reflect.StructTag
	marks markers.Set
	expr  ast.Expr
	pos   token.Position
}

// pkgInfo is what the generator read of one package.
type pkgInfo struct {
	pkg   *packages.Package
	marks markers.Set
	types map[string]*typeInfo
	order []string // type names in source order
}

// collector reads markers and docs the way controller-gen attaches them:
// a type declaration gets its doc comment and the comment group just
// before it, less the markers there that only a package can have; other
// declarations' doc comments are read by no one; every other comment at
// file level belongs to the package.
type collector struct {
	fset  *token.FileSet
	reg   *markers.Registry
	model *model.Model // set to share reads with the run's other generators
}

// read collects a package. Problems go to diags only for package markers
// outside doc.go, which the model does not read.
func (c *collector) read(p *packages.Package, diags *diag.List) *pkgInfo {
	out := &pkgInfo{pkg: p, types: map[string]*typeInfo{}}
	quiet := &diag.List{}
	for _, f := range p.Syntax {
		pd := quiet
		if diags != nil && filepath.Base(c.fset.Position(f.FileStart).Filename) != "doc.go" {
			pd = diags
		}
		c.readFile(f, out, pd, quiet)
	}
	return out
}

func (c *collector) readFile(f *ast.File, out *pkgInfo, pkgDiags, quiet *diag.List) {
	claimed := map[*ast.CommentGroup]bool{}
	prevEnd := f.Package
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		doc := declDoc(d)
		before := c.groupBefore(f, prevEnd, d.Pos(), doc)
		prevEnd = d.End()
		claimed[doc] = true
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		// A single type declaration takes the group before it; a grouped
		// one, like a function or a var, leaves it to the package.
		claimed[before] = !gd.Lparen.IsValid()
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			groups := []*ast.CommentGroup{before, gd.Doc}
			if gd.Lparen.IsValid() {
				groups = []*ast.CommentGroup{c.groupBefore(f, gd.Lparen, ts.Pos(), ts.Doc)}
			}
			groups = append(groups, ts.Doc)
			c.readType(f, gd, ts, groups, out, quiet)
			out.marks = append(out.marks, c.packageOnly(groups[0])...)
		}
	}
	var pkgGroups []*ast.CommentGroup
	for _, g := range f.Comments {
		if !claimed[g] && !insideDecl(f, g) {
			pkgGroups = append(pkgGroups, g)
		}
	}
	out.marks = append(out.marks, c.reg.Parse(markers.SlashCommentLines(c.fset, pkgGroups...), markers.Package, pkgDiags)...)
}

// packageOnly returns the markers of g, the comment group just above a
// type, that are defined for packages and not for types: controller-gen
// gives those to the package.
func (c *collector) packageOnly(g *ast.CommentGroup) markers.Set {
	if g == nil {
		return nil
	}
	var out markers.Set
	for _, mk := range c.reg.Parse(markers.SlashCommentLines(c.fset, g), markers.Package, &diag.List{}) {
		if mk.Def.Place&markers.Type == 0 && !c.typeDefined(mk.Def.Name) {
			out = append(out, mk)
		}
	}
	return out
}

func (c *collector) typeDefined(name string) bool {
	for _, d := range c.reg.Definitions() {
		if d.Name == name && d.Place&markers.Type != 0 {
			return true
		}
	}
	return false
}

func declDoc(d ast.Decl) *ast.CommentGroup {
	switch d := d.(type) {
	case *ast.GenDecl:
		return d.Doc
	case *ast.FuncDecl:
		return d.Doc
	}
	return nil
}

// groupBefore returns the last comment group between from and to that is
// not doc, or nil.
func (c *collector) groupBefore(f *ast.File, from, to token.Pos, doc *ast.CommentGroup) *ast.CommentGroup {
	var last *ast.CommentGroup
	for _, g := range f.Comments {
		if g.Pos() > from && g.End() <= to && g != doc && (doc == nil || g.End() < doc.Pos()) {
			last = g
		}
	}
	return last
}

func insideDecl(f *ast.File, g *ast.CommentGroup) bool {
	for _, d := range f.Decls {
		if g.Pos() >= d.Pos() && g.End() <= d.End() {
			return true
		}
	}
	return false
}

func (c *collector) readType(f *ast.File, gd *ast.GenDecl, ts *ast.TypeSpec, groups []*ast.CommentGroup, out *pkgInfo, quiet *diag.List) {
	docGroup := ts.Doc
	if docGroup == nil && !gd.Lparen.IsValid() {
		docGroup = gd.Doc
	}
	ti := &typeInfo{
		name:  ts.Name.Name,
		doc:   docText(docGroup),
		marks: c.reg.Parse(markers.SlashCommentLines(c.fset, groups...), markers.Type, quiet),
		spec:  ts,
		file:  f,
		pos:   c.fset.Position(ts.Pos()),
	}
	if st, ok := ts.Type.(*ast.StructType); ok {
		prev := st.Fields.Opening
		for _, fl := range st.Fields.List {
			before := c.groupBefore(f, prev, fl.Pos(), fl.Doc)
			prev = fl.End()
			if fl.Comment != nil {
				prev = fl.Comment.End()
			}
			fi := fieldInfo{
				doc:   docText(fl.Doc),
				marks: c.reg.Parse(markers.SlashCommentLines(c.fset, before, fl.Doc), markers.Field, quiet),
				expr:  fl.Type,
				pos:   c.fset.Position(fl.Pos()),
			}
			if fl.Tag != nil {
				fi.tag = reflect.StructTag(strings.Trim(fl.Tag.Value, "`"))
			}
			if len(fl.Names) == 0 {
				ti.fields = append(ti.fields, fi)
			}
			for _, n := range fl.Names {
				fi.name = n.Name
				ti.fields = append(ti.fields, fi)
			}
		}
	}
	out.types[ti.name] = ti
	out.order = append(out.order, ti.name)
}

// docText turns a doc comment into a description: marker lines dropped,
// text up to a "---" line, TODO lines left out outside code blocks.
func docText(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	kept := &ast.CommentGroup{}
	block := false
	for _, c := range g.List {
		if t, ok := strings.CutPrefix(c.Text, "//"); ok && strings.HasPrefix(strings.TrimSpace(t), "+") {
			continue
		}
		if strings.HasPrefix(c.Text, "/*") {
			block = true
		}
		kept.List = append(kept.List, c)
	}
	lines := strings.Split(kept.Text(), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var out []string
	code := false
	for _, l := range lines {
		if block {
			l = strings.TrimSpace(l)
		}
		if strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
			code = !code
		}
		if !code {
			if strings.HasPrefix(l, "TODO") {
				continue
			}
			if strings.HasPrefix(l, "---") {
				break
			}
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

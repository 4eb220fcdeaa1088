// Package model turns one load into what every generator reads: gengo's
// type universe (so namers and import names match upstream's) and the
// markers found on packages, types and fields, already parsed and checked.
package model

import (
	"go/ast"
	"go/token"
	gotypes "go/types"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/load"
	"github.com/apigen-dev/apigen/markers"
)

// Model is the read-only input of every generator.
type Model struct {
	Fset     *token.FileSet
	Universe types.Universe
	Packages []*Package // the generator's inputs: the packages the patterns named, or those selected among them
	Named    []*Package // every package the patterns named, by import path

	read map[string]*Package // Packages and the extra packages generators read
	emit map[string]bool     // directories whose files a partial run writes; nil: all

	typeInfo  map[*types.Type]*typeInfo
	instances map[*types.Type]*Instance
	b         *builder     // reads more packages into the same universe
	results   *results     // computed from the model, shared by its views
	loaded    *load.Result // what the model was built from
}

// Registry returns the marker registry the model was built with.
func (m *Model) Registry() *markers.Registry { return m.b.reg }

// Loaded returns the load the model was built from.
func (m *Model) Loaded() *load.Result { return m.loaded }

// Instance describes an instantiated generic type.
type Instance struct {
	Origin *types.Type   // the generic type, named like Box[T]
	Args   []*types.Type // the type arguments, in order
}

// InstanceOf returns how t instantiates a generic type, or nil.
func (m *Model) InstanceOf(t *types.Type) *Instance { return m.instances[t] }

// Declared reports whether t is a type declared (not aliased) in one of the
// model's packages.
func (m *Model) Declared(t *types.Type) bool { return m.typeInfo[t] != nil }

// Package is a package that generators were asked to process.
type Package struct {
	*types.Package
	Markers markers.Set // from the comments of doc.go
	Source  *packages.Package

	tagsOnce sync.Once
	tags     []string // see Tagged
}

// typeInfo is what the model knows of a declaration in a package it read:
// a type or a function.
type typeInfo struct {
	pos      token.Position
	marks    markers.Set
	docLine  int // first line of the doc comment; later markers are in it
	fields   []markers.Set
	fieldPos []token.Position
}

// Extend returns a model over the same load whose Packages are targets,
// reading the targets and extra packages not read yet. Problems found in
// newly read targets go to diags. Everything read before is shared: this is
// how one load serves several runs.
func (m *Model) Extend(targets, extra []*packages.Package, diags *diag.List) *Model {
	view := *m
	view.Packages = nil
	view.results = &results{} // a later run's: it may read more packages
	b := m.b
	b.diags = diags
	for _, p := range targets {
		if read := m.read[p.PkgPath]; read != nil {
			view.Packages = append(view.Packages, read)
			continue
		}
		view.Packages = append(view.Packages, b.addTarget(p))
	}
	view.Named = view.Packages
	b.diags = &diag.List{}
	for _, p := range extra {
		if m.read[p.PkgPath] == nil {
			b.addTarget(p)
		}
	}
	return &view
}

// Package returns a package whose declarations were read in full: one of
// Packages, or an extra package a generator asked for. It returns nil for
// packages known only as dependencies.
func (m *Model) Package(path string) *Package { return m.read[path] }

// Fixed reports whether the package at path is one the model read whose
// files cannot change (see Package.Fixed).
func (m *Model) Fixed(path string) bool {
	p := m.read[path]
	return p != nil && p.Fixed()
}

// Markers returns the markers above the declaration of t, a named type of
// one of the model's packages.
func (m *Model) Markers(t *types.Type) markers.Set {
	if ti := m.typeInfo[t]; ti != nil {
		return ti.marks
	}
	return nil
}

// DocMarkers returns the markers of t's doc comment only, leaving out the
// detached block above it that Markers includes.
func (m *Model) DocMarkers(t *types.Type) markers.Set {
	ti := m.typeInfo[t]
	if ti == nil {
		return nil
	}
	var out markers.Set
	for _, mk := range ti.marks {
		if ti.docLine > 0 && mk.Pos.Line >= ti.docLine {
			out = append(out, mk)
		}
	}
	return out
}

// FuncMarkers returns the markers in the doc comment of function fn, one of
// the Functions of a package the model read.
func (m *Model) FuncMarkers(fn *types.Type) markers.Set { return m.Markers(fn) }

// ConstMarkers returns the markers in the doc comment of constant c, one
// of the Constants of a package the model read.
func (m *Model) ConstMarkers(c *types.Type) markers.Set { return m.Markers(c) }

// FieldMarkers returns the markers above field i of struct t.
func (m *Model) FieldMarkers(t *types.Type, i int) markers.Set {
	if ti := m.typeInfo[t]; ti != nil && i < len(ti.fields) {
		return ti.fields[i]
	}
	return nil
}

// DocLines returns the lines of the comment that ends on the line above
// pos, in any package of the load, dependencies included.
func (m *Model) DocLines(pos token.Pos) []string { return m.b.docLines(pos) }

// FieldPosition returns where field i of struct t is declared.
func (m *Model) FieldPosition(t *types.Type, i int) token.Position {
	if ti := m.typeInfo[t]; ti != nil && i < len(ti.fieldPos) {
		return ti.fieldPos[i]
	}
	return token.Position{}
}

// Position returns where t is declared, for types and functions of the
// packages the model read.
func (m *Model) Position(t *types.Type) token.Position {
	if ti := m.typeInfo[t]; ti != nil {
		return ti.pos
	}
	return token.Position{}
}

// Build makes the model of a load, parsing markers with reg.
func Build(res *load.Result, reg *markers.Registry, diags *diag.List) *Model {
	b := &builder{
		fset:     res.Fset,
		u:        types.Universe{},
		comments: indexComments(res),
		reg:      reg,
		diags:    diags,
		loaded:   res.ByPath,
		m:        &Model{Fset: res.Fset, typeInfo: map[*types.Type]*typeInfo{}, instances: map[*types.Type]*Instance{}, read: map[string]*Package{}, results: &results{}, loaded: res},
	}
	b.m.Universe = b.u
	b.m.b = b
	for _, p := range res.ByPath {
		gp := b.u.Package(p.PkgPath)
		gp.Path, gp.Dir = p.PkgPath, packageDir(p)
	}
	for _, p := range res.Targets {
		b.m.Packages = append(b.m.Packages, b.addTarget(p))
	}
	b.m.Named = b.m.Packages
	// Extra packages are read, not generated for: their markers and tags
	// are not this run's to judge.
	b.diags = &diag.List{}
	for _, p := range res.Extra {
		b.addTarget(p)
	}
	return b.m
}

type fileLine struct {
	file string
	line int
}

type builder struct {
	fset     *token.FileSet
	u        types.Universe
	comments map[fileLine]*ast.CommentGroup // keyed by the line a group ends on
	reg      *markers.Registry
	diags    *diag.List
	m        *Model
	loaded   map[string]*packages.Package

	mu    sync.Mutex                             // guards types
	types map[*packages.Package]*gotypes.Package // read for packages the load gave none
}

// parse reads the markers among lines and resolves the types they name.
func (b *builder) parse(at markers.Place, groups ...*ast.CommentGroup) markers.Set {
	set := b.reg.Parse(markers.CommentLines(b.fset, groups...), at, b.diags)
	for _, m := range set {
		for _, ref := range m.TypeRefs() {
			ref.Pos = m.Pos
			b.resolve(m.Def.Name, ref)
		}
	}
	return set
}

func (b *builder) resolve(marker string, ref *markers.TypeRef) {
	p := b.loaded[ref.Package]
	if p == nil {
		b.diags.Errorf(ref.Pos, "+%s names %s.%s, but package %s is not loaded: no package being generated imports it", marker, ref.Package, ref.Name, ref.Package)
		return
	}
	obj, ok := b.typesOf(p).Scope().Lookup(ref.Name).(*gotypes.TypeName)
	if !ok {
		b.diags.Errorf(ref.Pos, "+%s names %s.%s, but package %s has no type %s", marker, ref.Package, ref.Name, ref.Package, ref.Name)
		return
	}
	ref.Type = b.walk(nil, obj.Type())
}

// typesOf returns p's types; for a package the load gave none (no
// declaration of the roots names it, see load's needs), its declarations
// are read once, however many markers name its types.
func (b *builder) typesOf(p *packages.Package) *gotypes.Package {
	if p.Types != nil {
		return p.Types
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.types[p] == nil {
		if b.types == nil {
			b.types = map[*packages.Package]*gotypes.Package{}
		}
		b.types[p] = b.m.loaded.Syntax(p).Types
	}
	return b.types[p]
}

func indexComments(res *load.Result) map[fileLine]*ast.CommentGroup {
	idx := map[fileLine]*ast.CommentGroup{}
	for _, p := range res.ByPath {
		indexPackage(idx, res.Fset, p)
	}
	return idx
}

func indexPackage(idx map[fileLine]*ast.CommentGroup, fset *token.FileSet, p *packages.Package) {
	for _, f := range p.Syntax {
		for _, c := range f.Comments {
			pos := fset.Position(c.End())
			idx[fileLine{pos.Filename, pos.Line}] = c
		}
	}
}

// Joined makes the model know packages that load.Extend joined to its
// load, as it knows those of the load it was built from.
func (m *Model) Joined(pkgs []*packages.Package) {
	b := m.b
	for _, p := range pkgs {
		gp := b.u.Package(p.PkgPath)
		gp.Path, gp.Dir = p.PkgPath, packageDir(p)
		indexPackage(b.comments, b.fset, p)
	}
}

func packageDir(p *packages.Package) string {
	if p.Module != nil && p.Module.Dir != "" {
		return filepath.Join(p.Module.Dir, strings.TrimPrefix(p.PkgPath, p.Module.Path))
	}
	return load.Dir(p)
}

// addTarget records everything a generator may ask of a requested package.
func (b *builder) addTarget(p *packages.Package) *Package {
	gp := b.u.Package(p.PkgPath)
	gp.Name = p.Name
	var docGroups []*ast.CommentGroup
	for _, f := range p.Syntax {
		if filepath.Base(b.fset.Position(f.FileStart).Filename) != "doc.go" {
			continue
		}
		gp.Comments = []string{}
		for _, c := range f.Comments {
			gp.Comments = append(gp.Comments, splitLines(c.Text())...)
		}
		if f.Doc != nil {
			gp.DocComments = splitLines(f.Doc.Text())
		}
		docGroups = markers.PackageComments(f)
	}
	out := &Package{Package: gp, Source: p}
	b.m.read[p.PkgPath] = out
	out.Markers = b.parse(markers.Package, docGroups...)

	scope := p.Types.Scope()
	for _, n := range scope.Names() {
		switch obj := scope.Lookup(n).(type) {
		case *gotypes.TypeName:
			t := b.walk(nil, obj.Type())
			b.attachComments(obj, t)
			b.recordType(obj, t)
		case *gotypes.Func:
			t := b.u.Function(nameOf(strings.Split(strings.TrimPrefix(obj.String(), "func "), "(")[0]))
			t.Kind = types.DeclarationOf
			t.Underlying = b.walk(nil, obj.Type())
			b.attachComments(obj, t)
			b.recordFunc(obj, t)
		case *gotypes.Var:
			t := b.u.Variable(nameOf(strings.Split(obj.String(), " ")[1]))
			t.Kind = types.DeclarationOf
			t.Underlying = b.walk(nil, obj.Type())
			b.attachComments(obj, t)
		case *gotypes.Const:
			b.addConstant(obj)
		}
	}
	var imports []string
	for path := range p.Imports {
		imports = append(imports, path)
	}
	slices.Sort(imports)
	b.u.AddImports(p.PkgPath, imports...)
	return out
}

func (b *builder) addConstant(obj *gotypes.Const) {
	t := b.u.Constant(nameOf(strings.Split(obj.String(), " ")[1]))
	t.Kind = types.DeclarationOf
	t.Underlying = b.walk(nil, obj.Type())
	b.attachComments(obj, t)
	v := obj.Val().String()
	if s, ok := constantString(obj); ok {
		v = s
	}
	t.ConstValue = &v
	if _, seen := b.m.typeInfo[t]; !seen {
		closest, _ := b.docGroups(obj.Pos())
		b.m.typeInfo[t] = &typeInfo{
			pos:     b.fset.Position(obj.Pos()),
			marks:   b.parse(markers.Const, closest),
			docLine: b.firstLine(closest),
		}
	}
}

// recordType parses the markers of a declared type and of its fields.
func (b *builder) recordType(obj *gotypes.TypeName, t *types.Type) {
	if _, seen := b.m.typeInfo[t]; seen || obj.IsAlias() || t.Name.Package != obj.Pkg().Path() {
		return
	}
	closest, second := b.docGroups(obj.Pos())
	ti := &typeInfo{
		pos:     b.fset.Position(obj.Pos()),
		marks:   b.parse(markers.Type, second, closest),
		docLine: b.firstLine(closest),
	}
	if st, ok := obj.Type().Underlying().(*gotypes.Struct); ok && !obj.IsAlias() {
		for i := range st.NumFields() {
			f := st.Field(i)
			if err := checkTag(st.Tag(i)); err != nil {
				// Upstream, as encoding/json, reads it with reflect.StructTag.
				b.diags.Warnf(b.fset.Position(f.Pos()), "malformed struct tag on field %s: %v", f.Name(), err)
			}
			// A field on the type's own line (type T struct{ A int }) has no
			// doc comment of its own: the block above belongs to the type.
			var doc *ast.CommentGroup
			if b.fset.Position(f.Pos()).Line > ti.pos.Line {
				doc, _ = b.docGroups(f.Pos())
			}
			ti.fields = append(ti.fields, b.parse(markers.Field, doc))
			ti.fieldPos = append(ti.fieldPos, b.fset.Position(f.Pos()))
		}
	}
	b.m.typeInfo[t] = ti
}

// recordFunc parses the markers in a function's doc comment.
func (b *builder) recordFunc(obj *gotypes.Func, t *types.Type) {
	closest, _ := b.docGroups(obj.Pos())
	b.m.typeInfo[t] = &typeInfo{
		pos:     b.fset.Position(obj.Pos()),
		marks:   b.parse(markers.Func, closest),
		docLine: b.firstLine(closest),
	}
}

func (b *builder) firstLine(g *ast.CommentGroup) int {
	if g == nil {
		return 0
	}
	return b.fset.Position(g.Pos()).Line
}

// docGroups returns the comment group that ends on the line above pos, and
// the one that ends two lines above where that group (or pos) starts: the
// "second closest" block that gengo reads as part of a type's comments.
func (b *builder) docGroups(pos token.Pos) (closest, second *ast.CommentGroup) {
	closest = b.groupEndingAbove(pos, 1)
	from := pos
	if closest != nil {
		from = closest.List[0].Slash
	}
	return closest, b.groupEndingAbove(from, 2)
}

func (b *builder) groupEndingAbove(pos token.Pos, lines int) *ast.CommentGroup {
	p := b.fset.Position(pos)
	return b.comments[fileLine{p.Filename, p.Line - lines}]
}

func (b *builder) docLines(pos token.Pos) []string {
	return splitLines(b.groupEndingAbove(pos, 1).Text())
}

// attachComments sets the comment lines of a declaration. A type alias does
// not replace the comments of the type it names.
func (b *builder) attachComments(obj gotypes.Object, t *types.Type) {
	closest, second := b.docGroups(obj.Pos())
	_, alias := obj.Type().(*gotypes.Alias)
	if lines := splitLines(closest.Text()); len(lines) > 0 && (len(t.CommentLines) == 0 || !alias) {
		t.CommentLines = lines
	}
	if lines := splitLines(second.Text()); len(lines) > 0 && (len(t.SecondClosestCommentLines) == 0 || !alias) {
		t.SecondClosestCommentLines = lines
	}
}

func splitLines(s string) []string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return nil
	}
	return lines
}

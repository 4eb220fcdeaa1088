package crd

import (
	"fmt"
	"go/ast"
	"go/token"
	gotypes "go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
)

type schema = apiext.JSONSchemaProps

// ident names a declared type.
type ident struct{ pkg, name string }

// refLink is the $ref a schema uses for a type until it is flattened.
func refLink(id ident) string { return id.pkg + "~" + id.name }

func parseRef(ref string) ident {
	i := strings.LastIndexByte(ref, '~')
	return ident{ref[:i], ref[i+1:]}
}

// parser builds the schemas of types, each once.
type parser struct {
	coll      *collector
	byPath    map[string]*packages.Package
	infos     map[string]*pkgInfo
	schemata  map[ident]*schema
	flat      map[ident]*schema
	diags     *diag.List
	dangerous bool // allow float types
	metaProps bool // generateEmbeddedObjectMeta
	rules     map[string]token.Position
	defaults  []defaultAt
	pending   []finding // CRD validation problems, reported by checkDefaults
	checks    []*toValidate
	// unchecked is why the API server's checks did not run, if they did
	// not; uncheckedAt is the first CRD they missed.
	unchecked   error
	uncheckedAt token.Position
}

// defaultAt is a default value and where a marker gave it, for checking.
type defaultAt struct {
	s   *schema
	pos token.Position
}

// ctx is where a schema is being built: a package and the declared type.
type ctx struct {
	pkg   *pkgInfo
	info  *typeInfo // nil inside element types
	file  *ast.File
	subst map[string]typeArg // type parameters of a generic being instantiated
}

// typeArg is a type argument: its expression and where it was written.
type typeArg struct {
	c ctx
	e ast.Expr
}

func (p *parser) pkg(path string) *pkgInfo {
	if pi, ok := p.infos[path]; ok {
		return pi
	}
	lp := p.byPath[path]
	if lp == nil {
		p.infos[path] = nil
		return nil
	}
	lp = p.coll.model.Loaded().Syntax(lp)
	var pi *pkgInfo
	if p.coll.model != nil {
		pi = p.coll.readOnce(p.coll.model, lp, nil)
	} else {
		pi = p.coll.read(lp, nil)
	}
	p.infos[path] = pi
	return pi
}

func (p *parser) errorf(pos token.Position, format string, a ...any) {
	p.diags.Errorf(pos, format, a...)
}

// need builds the unflattened schema of id.
func (p *parser) need(id ident) *schema {
	if s, ok := p.schemata[id]; ok {
		return s
	}
	if s, ok := p.known(id); ok {
		p.schemata[id] = s
		return s
	}
	pi := p.pkg(id.pkg)
	var info *typeInfo
	if pi != nil {
		info = pi.types[id.name]
	}
	if info == nil {
		p.errorf(token.Position{}, "unknown type %s.%s", id.pkg, id.name)
		p.schemata[id] = &schema{}
		return p.schemata[id]
	}
	p.schemata[id] = &schema{}
	s := p.infoSchema(ctx{pkg: pi, info: info, file: info.file})
	p.schemata[id] = s
	return s
}

func (p *parser) infoSchema(c ctx) *schema {
	obj := c.pkg.pkg.Types.Scope().Lookup(c.info.name)
	if obj != nil {
		switch {
		case implements(obj.Type(), "MarshalJSON"):
			s := &schema{}
			p.apply(c, c.info.marks, s, c.info.pos)
			if s.Type != "" {
				return s
			}
		case implements(obj.Type(), "MarshalText"):
			s := &schema{Type: "string"}
			p.apply(c, c.info.marks, s, c.info.pos)
			if s.Type != "string" {
				p.errorf(c.info.pos, "%q implements encoding.TextMarshaler but schema type is not string: %q", c.info.name, s.Type)
			}
			return s
		}
	}
	return p.exprSchema(c, c.info.spec.Type, c.info.doc, c.info.marks, c.info.pos)
}

// implements reports whether t or *t has method name returning ([]byte, error).
func implements(t gotypes.Type, name string) bool {
	for _, tt := range []gotypes.Type{t, gotypes.NewPointer(t)} {
		ms := gotypes.NewMethodSet(tt)
		for i := range ms.Len() {
			f := ms.At(i).Obj()
			if f.Name() != name {
				continue
			}
			sig := f.Type().(*gotypes.Signature)
			if sig.Params().Len() == 0 && sig.Results().Len() == 2 {
				if sl, ok := sig.Results().At(0).Type().(*gotypes.Slice); ok && gotypes.Identical(sl.Elem(), gotypes.Typ[gotypes.Byte]) {
					return true
				}
			}
		}
	}
	return false
}

// exprSchema is the schema of a type expression, with doc and markers
// applied when they belong to it.
func (p *parser) exprSchema(c ctx, e ast.Expr, doc string, marks markers.Set, pos token.Position) *schema {
	var s *schema
	plain := ctx{pkg: c.pkg, file: c.file, subst: c.subst}
	switch e := e.(type) {
	case *ast.Ident:
		if a, ok := c.subst[e.Name]; ok {
			s = p.exprSchema(a.c, a.e, "", nil, pos)
		} else {
			s = p.localSchema(c, e, pos)
		}
	case *ast.IndexExpr, *ast.IndexListExpr:
		s = p.instanceSchema(c, e, pos)
	case *ast.SelectorExpr:
		s = p.importedSchema(c, e, pos)
	case *ast.ArrayType:
		s = p.arraySchema(plain, e, pos)
	case *ast.MapType:
		s = p.mapSchema(plain, e, pos)
	case *ast.StarExpr:
		s = p.exprSchema(plain, e.X, "", nil, pos)
	case *ast.StructType:
		s = p.structSchema(c, e, pos)
	case *ast.InterfaceType:
		p.errorf(pos, "interface type is not supported in CRD schemas; consider using an explicit type or apiextensionsv1.JSON instead")
		return &schema{}
	default:
		p.errorf(pos, "unsupported AST kind %T", e)
		return &schema{}
	}
	s.Description = doc
	p.apply(c, marks, s, pos)
	return s
}

// typeOf resolves a type expression of file f in package pi.
// importedTypes returns the types of the package lp imports as path: the
// load's, or, for one the load gave none (no declaration of the roots
// names it), those lp was checked against.
func importedTypes(lp *packages.Package, byPath map[string]*packages.Package, path string) *gotypes.Package {
	if dep := byPath[path]; dep != nil && dep.Types != nil {
		return dep.Types
	}
	if path == "" || lp.Types == nil {
		return nil
	}
	for _, imp := range lp.Types.Imports() {
		if imp.Path() == path {
			return imp
		}
	}
	return nil
}

func (p *parser) typeOf(pi *pkgInfo, f *ast.File, e ast.Expr) gotypes.Type {
	switch e := e.(type) {
	case *ast.Ident:
		if tn, ok := pi.pkg.Types.Scope().Lookup(e.Name).(*gotypes.TypeName); ok {
			return tn.Type()
		}
		if tn, ok := gotypes.Universe.Lookup(e.Name).(*gotypes.TypeName); ok {
			return tn.Type()
		}
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return nil
		}
		if dep := importedTypes(pi.pkg, p.byPath, importPath(pi.pkg, f, x.Name)); dep != nil {
			if tn, ok := dep.Scope().Lookup(e.Sel.Name).(*gotypes.TypeName); ok {
				return tn.Type()
			}
		}
	case *ast.StarExpr:
		if t := p.typeOf(pi, f, e.X); t != nil {
			return gotypes.NewPointer(t)
		}
	case *ast.ArrayType:
		if t := p.typeOf(pi, f, e.Elt); t != nil {
			return gotypes.NewSlice(t)
		}
	case *ast.MapType:
		k, v := p.typeOf(pi, f, e.Key), p.typeOf(pi, f, e.Value)
		if k != nil && v != nil {
			return gotypes.NewMap(k, v)
		}
	}
	return nil
}

func importPath(p *packages.Package, f *ast.File, name string) string {
	for _, imp := range f.Imports {
		path := strings.Trim(imp.Path.Value, `"`)
		if imp.Name != nil {
			if imp.Name.Name == name {
				return path
			}
			continue
		}
		if dep := p.Imports[path]; dep != nil && dep.Name == name {
			return path
		}
	}
	return ""
}

func (p *parser) localSchema(c ctx, e *ast.Ident, pos token.Position) *schema {
	t := p.typeOf(c.pkg, c.file, e)
	if t == nil {
		p.errorf(pos, "unknown type %s", e.Name)
		return &schema{}
	}
	if a, ok := t.(*gotypes.Alias); ok {
		t = a.Rhs()
		if s := p.aliasSchema(c, e.Name, t); s != nil {
			return s
		}
	}
	switch t := t.(type) {
	case *gotypes.Basic:
		typ, format, err := builtin(t, p.dangerous)
		if err != nil {
			p.errorf(pos, "%v", err)
		}
		if t.Name() != e.Name {
			id := ident{c.pkg.pkg.PkgPath, e.Name}
			p.need(id)
			link := refLink(id)
			return &schema{Type: typ, Format: format, Ref: &link}
		}
		return &schema{Type: typ, Format: format}
	case *gotypes.Interface:
		p.errorf(pos, "cannot generate schema for %s; interface type is not supported in CRD schemas, consider using an explicit type or apiextensionsv1.JSON instead", e.Name)
		return &schema{}
	case interface{ Obj() *gotypes.TypeName }:
		obj := t.Obj()
		id := ident{obj.Pkg().Path(), obj.Name()}
		p.need(id)
		link := refLink(id)
		s := &schema{Ref: &link}
		switch gotypes.Unalias(t.(gotypes.Type)).Underlying().(type) {
		case *gotypes.Slice:
			s.Type = "array"
		case *gotypes.Map:
			s.Type = "object"
		case *gotypes.Basic:
			if info := c.pkg.types[obj.Name()]; info != nil {
				named := p.infoSchema(ctx{pkg: c.pkg, info: info, file: info.file})
				s.Type, s.Format = named.Type, named.Format
			}
		}
		return s
	}
	p.errorf(pos, "unsupported type %T for identifier %s", t, e.Name)
	return &schema{}
}

func (p *parser) importedSchema(c ctx, e *ast.SelectorExpr, pos token.Position) *schema {
	t := p.typeOf(c.pkg, c.file, e)
	if t == nil {
		p.errorf(pos, "unknown type %v.%s", e.X, e.Sel.Name)
		return &schema{}
	}
	if _, ok := t.(*gotypes.Interface); ok {
		p.errorf(pos, "cannot generate schema for %v.%s; interface type is not supported in CRD schemas, consider using an explicit type or apiextensionsv1.JSON instead", e.X, e.Sel.Name)
		return &schema{}
	}
	named, ok := t.(interface{ Obj() *gotypes.TypeName })
	if !ok {
		return &schema{}
	}
	id := ident{named.Obj().Pkg().Path(), named.Obj().Name()}
	p.need(id)
	link := refLink(id)
	s := &schema{Ref: &link}
	switch t.Underlying().(type) {
	case *gotypes.Slice:
		s.Type = "array"
	case *gotypes.Map:
		s.Type = "object"
	}
	return s
}

func (p *parser) arraySchema(c ctx, e *ast.ArrayType, pos token.Position) *schema {
	if e.Len == nil {
		if t := p.typeOf(c.pkg, c.file, e.Elt); t != nil && gotypes.Identical(t, gotypes.Typ[gotypes.Byte]) {
			return &schema{Type: "string", Format: "byte"}
		}
	}
	items := p.exprSchema(c, e.Elt, "", nil, pos)
	return &schema{Type: "array", Items: &apiext.JSONSchemaPropsOrArray{Schema: items}}
}

func (p *parser) mapSchema(c ctx, e *ast.MapType, pos token.Position) *schema {
	key := p.typeOf(c.pkg, c.file, e.Key)
	if key != nil {
		b, ok := key.Underlying().(*gotypes.Basic)
		if (!ok || b.Info()&gotypes.IsString == 0) && !implements(key, "MarshalText") {
			p.errorf(pos, "map keys must be strings or implement encoding.TextMarshaler, not %s", key.Underlying())
			return &schema{}
		}
	}
	var val *schema
	elemType := e.Value
	switch v := elemType.(type) {
	case *ast.Ident:
		if _, ok := c.subst[v.Name]; ok {
			val = p.exprSchema(c, v, "", nil, pos)
		} else {
			val = p.localSchema(c, v, pos)
		}
	case *ast.IndexExpr, *ast.IndexListExpr:
		val = p.instanceSchema(c, v, pos)
	case *ast.SelectorExpr:
		val = p.importedSchema(c, v, pos)
	case *ast.ArrayType:
		val = p.arraySchema(c, v, pos)
	case *ast.StarExpr, *ast.MapType:
		val = p.exprSchema(c, v, "", nil, pos)
	case *ast.InterfaceType:
		p.errorf(pos, "interface type is not supported as map value in CRD schemas; consider using an explicit type or apiextensionsv1.JSON instead")
		return &schema{}
	default:
		p.errorf(pos, "not a supported map value type: %T", e.Value)
		return &schema{}
	}
	return &schema{Type: "object", AdditionalProperties: &apiext.JSONSchemaPropsOrBool{Schema: val, Allows: true}}
}

func builtin(b *gotypes.Basic, dangerous bool) (typ, format string, err error) {
	info := b.Info()
	switch {
	case info&gotypes.IsBoolean != 0:
		typ = "boolean"
	case info&gotypes.IsString != 0:
		typ = "string"
	case info&gotypes.IsInteger != 0:
		typ = "integer"
	case info&gotypes.IsFloat != 0:
		if !dangerous {
			return "", "", fmt.Errorf("found float, the usage of which is highly discouraged, as support for them varies across languages. Please consider serializing your float as string instead. If you are really sure you want to use them, re-run with crd:allowDangerousTypes=true")
		}
		typ = "number"
	default:
		return "", "", fmt.Errorf("unsupported type %q", b.String())
	}
	switch b.Kind() {
	case gotypes.Int32, gotypes.Uint32:
		format = "int32"
	case gotypes.Int64, gotypes.Uint64:
		format = "int64"
	}
	return typ, format, nil
}

// structSchema is the object schema of a declared struct type. Embedded
// fields become allOf entries, merged when the schema is flattened.
func (p *parser) structSchema(c ctx, st *ast.StructType, pos token.Position) *schema {
	s := &schema{Type: "object", Properties: map[string]schema{}}
	if c.info == nil || c.info.spec.Type != st {
		p.errorf(pos, "inline struct types are not supported, use a named type instead")
		return s
	}
	oneOf := map[string]bool{}
	for _, d := range []markers.Def[map[string]any]{exactlyOneOf, atMostOneOf, atLeastOneOf} {
		for m, args := range d.Each(c.info.marks) {
			for _, f := range args[""].([]any) {
				if strings.Contains(f.(string), ".") {
					p.errorf(m.Pos, "%s: cannot reference nested fields: %s", d.Name, f)
				}
				oneOf[f.(string)] = true
			}
		}
	}
	defaultOptional := validationOptional.Has(c.pkg.marks)
	var immutable []string
	for _, f := range c.info.fields {
		tag, ok := f.tag.Lookup("json")
		if !ok {
			p.errorf(f.pos, "encountered struct field %q without JSON tag in type %q", f.name, c.info.name)
			continue
		}
		opts := strings.Split(tag, ",")
		if len(opts) == 1 && opts[0] == "-" {
			continue
		}
		inline, omit := false, false
		for _, o := range opts[1:] {
			inline = inline || o == "inline"
			omit = omit || o == "omitempty" || o == "omitzero"
		}
		name := opts[0]
		inline = inline || name == ""
		required := false
		switch {
		case validationOptional.Has(f.marks):
		case validationRequired.Has(f.marks):
			required = true
		case optionalField.Has(f.marks), k8sOptional.Has(f.marks):
		case requiredField.Has(f.marks), k8sRequired.Has(f.marks):
			required = true
		case !defaultOptional:
			required = !inline && !omit
		}
		if required && oneOf[name] {
			p.errorf(f.pos, "field %s is part of OneOf constraint and cannot be marked as required", name)
			return s
		}
		if required {
			s.Required = append(s.Required, name)
		}
		var ps *schema
		if schemaless.Has(f.marks) {
			ps = &schema{}
		} else {
			ps = p.exprSchema(ctx{pkg: c.pkg, file: c.file, subst: c.subst}, f.expr, "", nil, f.pos)
		}
		ps.Description = f.doc
		p.apply(c, f.marks, ps, f.pos)
		if inline {
			s.AllOf = append(s.AllOf, *ps)
			continue
		}
		if k8sImmutable.Has(f.marks) {
			immutable = append(immutable, name)
		}
		s.Properties[name] = *ps
	}
	slices.Sort(s.Required)
	s.XValidations = append(s.XValidations, immutableOnceSet(immutable, s.Required)...)
	return s
}

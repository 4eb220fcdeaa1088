package swaggerdoc

import (
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apigen-dev/apigen/output"
)

// Entry is one key of a SwaggerDoc map, "" for the struct itself, else a
// field's JSON name, and its doc, escaped for a Go string literal.
type Entry struct {
	Key, Doc string
	Pos      token.Pos // of the doc comment, or else of the declaration
}

// Error is a problem with a declaration of the source.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// Struct is the documentation of one exported struct type: Entries[0] is
// the type's own, the rest its fields' in declaration order.
type Struct struct {
	Name    string
	Entries []Entry
}

// Collect returns the documentation of the exported struct types declared
// in f, sorted by name, as go/doc lists a package's types. It reads f
// without changing it. Only exported fields count, as go/doc shows them;
// fields whose JSON name is "-" and embedded fields with an empty JSON name
// (",inline") are left out. An embedded field without a JSON name is keyed
// by its type's name, which must then be a plain identifier.
func Collect(fset *token.FileSet, f *ast.File) ([]Struct, error) {
	var out []Struct
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			st, ok := ts.Type.(*ast.StructType)
			if !ok || !ts.Name.IsExported() {
				continue
			}
			entries, err := fieldEntries(fset, st)
			if err != nil {
				return nil, err
			}
			own := Entry{"", Text(typeDoc(gd, ts).Text()), docPos(typeDoc(gd, ts), ts)}
			out = append(out, Struct{Name: ts.Name.Name, Entries: slices.Insert(entries, 0, own)})
		}
	}
	slices.SortFunc(out, func(a, b Struct) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// typeDoc is the doc comment of a type: its own, or else that of its
// declaration, which in a parenthesised group serves every type without one.
func typeDoc(gd *ast.GenDecl, ts *ast.TypeSpec) *ast.CommentGroup {
	if ts.Doc != nil {
		return ts.Doc
	}
	return gd.Doc
}

func fieldEntries(fset *token.FileSet, st *ast.StructType) ([]Entry, error) {
	var out []Entry
	for _, field := range st.Fields.List {
		key, ok, err := jsonKey(field)
		if err != nil {
			return nil, &Error{fset.Position(field.Pos()), err.Error()}
		}
		if ok {
			out = append(out, Entry{key, Text(field.Doc.Text()), docPos(field.Doc, field)})
		}
	}
	return out, nil
}

func docPos(doc *ast.CommentGroup, decl ast.Node) token.Pos {
	if doc != nil {
		return doc.Pos()
	}
	return decl.Pos()
}

// jsonKey returns the map key of an exported field, and false for fields
// the map leaves out.
func jsonKey(field *ast.Field) (key string, ok bool, err error) {
	name, exported := goName(field)
	if !exported {
		return "", false, nil
	}
	tag, hasTag := "", false
	if field.Tag != nil {
		raw, err := strconv.Unquote(field.Tag.Value)
		if err != nil {
			return "", false, fmt.Errorf("struct tag %s: %v", field.Tag.Value, err)
		}
		tag, hasTag = reflect.StructTag(raw).Lookup("json")
	}
	key, _, _ = strings.Cut(tag, ",")
	embedded := len(field.Names) == 0
	switch {
	case embedded && hasTag && key == "", key == "-":
		return "", false, nil
	case key != "":
		return key, true, nil
	case embedded && !isIdent(field.Type):
		return "", false, fmt.Errorf("embedded field %s has no JSON name: give it a json tag (upstream genswaggertypedocs crashes on it)", name)
	}
	return name, true, nil
}

// goName returns the first exported name a field declares, or for an
// embedded field its type's name, and whether go/doc shows the field.
func goName(field *ast.Field) (string, bool) {
	for _, id := range field.Names {
		if id.IsExported() {
			return id.Name, true
		}
	}
	if len(field.Names) > 0 {
		return "", false
	}
	name := embeddedName(field.Type)
	return name, token.IsExported(name)
}

// embeddedName is the type name an embedded field is known by.
func embeddedName(x ast.Expr) string {
	switch t := x.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		if _, ok := t.X.(*ast.Ident); ok {
			return t.Sel.Name
		}
	case *ast.StarExpr:
		return embeddedName(t.X)
	case *ast.ParenExpr:
		return embeddedName(t.X)
	case *ast.IndexExpr:
		return embeddedName(t.X)
	case *ast.IndexListExpr:
		return embeddedName(t.X)
	}
	return ""
}

func isIdent(x ast.Expr) bool { _, ok := x.(*ast.Ident); return ok }

// Text turns a doc comment into a SwaggerDoc string, escaped for a Go
// string literal: everything from the first "---" on is dropped, and so
// are lines starting with TODO or "+" (after spaces). Other lines are
// joined by spaces; a blank line starts a new paragraph, and a line
// indented by a space or tab stands on a line of its own.
func Text(comment string) string {
	comment, _, _ = strings.Cut(comment, "---")
	var b []byte
	for _, line := range strings.Split(comment, "\n") {
		line = strings.TrimRight(line, " ")
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case line == "":
			b = append(dropLast(b), "\n\n"...)
		case strings.HasPrefix(trimmed, "TODO"), strings.HasPrefix(trimmed, "+"):
		case line[0] == ' ' || line[0] == '\t':
			b = append(dropLast(b), "\n"+line+"\n"...)
		default:
			b = append(b, line+" "...)
		}
	}
	return escaper.Replace(strings.TrimRight(string(b), "\n"))
}

// dropLast removes the separator the previous line left.
func dropLast(b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	return b[:len(b)-1]
}

// escaper quotes for a Go string literal, keeping a quote the comment
// already escaped as it is; other backslashes pass unchanged.
var escaper = strings.NewReplacer(`\"`, `\"`, `"`, `\"`, "\n", `\n`, "\t", `\t`)

// WriteFuncs writes, as upstream's genswaggertypedocs prints them before
// gofmt, a map and a SwaggerDoc method for each struct with any
// documentation, listing only the documented entries.
func WriteFuncs(f *output.GoFile, structs []Struct) {
	for _, s := range structs {
		if !slices.ContainsFunc(s.Entries, func(e Entry) bool { return e.Doc != "" }) {
			continue
		}
		f.P("var map_%s = map[string]string {", s.Name)
		for _, e := range s.Entries {
			if e.Doc != "" {
				f.P("\t\t\"%s\": \"%s\",", e.Key, e.Doc)
			}
		}
		f.P("}\nfunc (%[1]s) SwaggerDoc() map[string]string {\n\treturn map_%[1]s\n}\n", s.Name)
	}
}

// WriteMissing lists the structs and fields without documentation, as
// upstream's --verify does, and returns how many there are.
func WriteMissing(w io.Writer, structs []Struct) (int, error) {
	var b strings.Builder
	n := 0
	for _, s := range structs {
		for i, e := range s.Entries {
			switch {
			case e.Doc != "":
				continue
			case i == 0:
				fmt.Fprintf(&b, "Missing documentation for the struct itself: %s\n", s.Name)
			default:
				fmt.Fprintf(&b, "In struct: %s, field documentation is missing: %s\n", s.Name, e.Key)
			}
			n++
		}
	}
	_, err := io.WriteString(w, b.String())
	return n, err
}

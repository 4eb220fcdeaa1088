package protobuf

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"reflect"
	"strconv"
	"strings"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// GogoTag is the protobuf struct tag that protoc-gen-gogo gives the Go
// field of f: wire type, number, label, name, then the casts.
func (f *Field) GogoTag() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s,%d,%s,name=%s", f.Type.wireType(), f.Number, f.Label.short(), f.Name)
	if json := jsonName(f.Name); json != f.Name {
		b.WriteString(",json=" + json)
	}
	for _, cast := range []string{castType, castKey, castValue} {
		if v, ok := f.Options[cast]; ok {
			unquoted, _ := strconv.Unquote(v)
			fmt.Fprintf(&b, ",%s=%s", strings.TrimSuffix(strings.TrimPrefix(cast, "(gogoproto."), ")"), unquoted)
		}
	}
	return b.String()
}

// wireType is how protobuf encodes values of t.
func (t *Type) wireType() string {
	if t.Key != nil || t.Package != "" {
		return "bytes"
	}
	switch t.Name {
	case "int32", "int64", "uint32", "uint64", "bool":
		return "varint"
	case "double":
		return "fixed64"
	case "float":
		return "fixed32"
	}
	return "bytes"
}

// short is the label as gogo's tags spell it; a map is a repeated entry.
func (l Label) short() string {
	switch l {
	case Optional:
		return "opt"
	case Required:
		return "req"
	}
	return "rep"
}

// jsonName is the JSON name protoc gives a field: underscores dropped,
// each letter after one upper-cased.
func jsonName(name string) string {
	var b strings.Builder
	upper := false
	for _, r := range name {
		switch {
		case r == '_':
			upper = true
		case upper:
			b.WriteString(strings.ToUpper(string(r)))
			upper = false
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// missingTags lists, for each struct the file's messages are made from,
// the gogo tags of its fields, by the name of the Go field gogo declares.
func missingTags(f *File) map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, msg := range f.Messages {
		tags := map[string]string{}
		for i, name := range gogoFieldNames(msg) {
			tags[name] = msg.Fields[i].GogoTag()
		}
		out[msg.Name] = tags
	}
	return out
}

// gogoMethods are the methods of every message gogo generates here; a
// field or getter would clash with them.
var gogoMethods = []string{"Reset", "String", "ProtoMessage", "Marshal", "Unmarshal", "ExtensionRangeArray", "ExtensionMap",
	"Descriptor", "MarshalTo", "Equal", "VerboseEqual", "GoString", "ProtoSize", "Size"}

// gogoFieldNames are the names of the Go fields gogo declares for msg's
// fields: the custom name, or else the proto name in CamelCase, with "_"
// appended while it or its getter (Get<name>) is taken by a method or an
// earlier field.
func gogoFieldNames(msg *Message) []string {
	taken := map[string]bool{}
	for _, m := range gogoMethods {
		taken[m] = true
	}
	var out []string
	for _, field := range msg.Fields {
		name := camelCase(field.Name)
		if custom, ok := field.Options[customName]; ok {
			name, _ = strconv.Unquote(custom)
		}
		for taken[name] || taken["Get"+name] {
			name += "_"
		}
		taken[name], taken["Get"+name] = true, true
		out = append(out, name)
	}
	return out
}

// camelCase is protoc-gen-go's Go name for a proto name: every letter
// that does not continue a run of lower-case letters is upper-cased, an
// underscore before a lower-case letter is dropped, and a leading
// underscore becomes X.
func camelCase(s string) string {
	var b []byte
	i := 0
	if strings.HasPrefix(s, "_") {
		b, i = append(b, 'X'), 1
	}
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_' && i+1 < len(s) && isLower(s[i+1]):
			continue
		case '0' <= c && c <= '9':
			b = append(b, c)
			continue
		case isLower(c):
			c -= 'a' - 'A'
		}
		b = append(b, c)
		for i+1 < len(s) && isLower(s[i+1]) {
			i++
			b = append(b, s[i])
		}
	}
	return string(b)
}

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// structTagFiles returns the Go sources of p's package rewritten so that
// every field of a message's struct has a protobuf tag, as upstream writes
// them after protoc: the tag gogo gives the field is added, existing tags
// are kept, and the file is printed again. Only files that change are
// returned.
func structTagFiles(m *model.Model, p *model.Package, f *File, diags *diag.List) []output.File {
	tags := missingTags(f)
	var out []output.File
	for _, syntax := range p.Source.Syntax {
		name := m.Fset.Position(syntax.FileStart).Filename
		if strings.HasSuffix(name, "_test.go") || !lacksTags(syntax, tags) {
			continue
		}
		data, err := retag(m, name, tags)
		if err != nil {
			diags.Errorf(token.Position{Filename: name}, "adding protobuf struct tags: %v", err)
			continue
		}
		out = append(out, output.File{Path: name, Data: data})
	}
	return out
}

// lacksTags reports whether a struct of file misses a tag of tags.
func lacksTags(file *ast.File, tags map[string]map[string]string) bool {
	missing := false
	eachTaggable(file, tags, func(field *ast.Field, tag string) {
		missing = missing || !hasProtobufTag(field)
	})
	return missing
}

// retag reads a file, adds the missing tags and prints it again, as
// upstream does: through go/printer, then gofmt's formatting.
func retag(m *model.Model, name string, tags map[string]map[string]string) ([]byte, error) {
	src, err := m.Source(name)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, name, src, parser.DeclarationErrors|parser.ParseComments)
	if err != nil {
		return nil, err
	}
	eachTaggable(file, tags, func(field *ast.Field, tag string) {
		if !hasProtobufTag(field) {
			addTag(field, tag)
		}
	})
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, file); err != nil {
		return nil, err
	}
	return format.Source(b.Bytes())
}

// eachTaggable calls fn for every field of file's structs that tags has a
// tag for, by the struct's name and the field's (an embedded field is
// named by its type).
func eachTaggable(file *ast.File, tags map[string]map[string]string, fn func(*ast.Field, string)) {
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			st, ok := ts.Type.(*ast.StructType)
			byField := tags[ts.Name.Name]
			if !ok || byField == nil {
				continue
			}
			for _, field := range st.Fields.List {
				if tag, ok := byField[fieldName(field)]; ok {
					fn(field, tag)
				}
			}
		}
	}
}

// fieldName is a field's first name, or the type name of an embedded one.
func fieldName(f *ast.Field) string {
	if len(f.Names) > 0 {
		return f.Names[0].Name
	}
	expr := f.Type
	for {
		switch t := expr.(type) {
		case *ast.Ident:
			return t.Name
		case *ast.SelectorExpr:
			return t.Sel.Name
		case *ast.StarExpr:
			expr = t.X
		default:
			return ""
		}
	}
}

func hasProtobufTag(f *ast.Field) bool {
	if f.Tag == nil {
		return false
	}
	tag, err := strconv.Unquote(f.Tag.Value)
	if err != nil {
		return false
	}
	_, ok := reflect.StructTag(tag).Lookup("protobuf")
	return ok
}

// addTag appends protobuf:"tag" to a field's tags. Like upstream, it
// writes every tag again, quoted, in a raw string.
func addTag(f *ast.Field, tag string) {
	var parts []string
	if f.Tag != nil {
		old, _ := strconv.Unquote(f.Tag.Value)
		for _, kv := range splitTags(old) {
			parts = append(parts, fmt.Sprintf("%s:%q", kv[0], kv[1]))
		}
	} else {
		f.Tag = &ast.BasicLit{Kind: token.STRING}
	}
	parts = append(parts, fmt.Sprintf("protobuf:%q", tag))
	f.Tag.Value = "`" + strings.Join(parts, " ") + "`"
}

// splitTags splits a conventional struct tag into key and value pairs.
// The model has reported tags that are not conventional.
func splitTags(tag string) [][2]string {
	var out [][2]string
	for tag = strings.TrimLeft(tag, " "); tag != ""; tag = strings.TrimLeft(tag, " ") {
		key, rest, ok := strings.Cut(tag, ":")
		if !ok {
			break
		}
		end := valueEnd(rest)
		value, err := strconv.Unquote(rest[:end])
		if err != nil {
			break
		}
		out = append(out, [2]string{key, value})
		tag = rest[end:]
	}
	return out
}

// valueEnd finds the end of the quoted value that s starts with.
func valueEnd(s string) int {
	i := 1
	for i < len(s) && s[i] != '"' {
		if s[i] == '\\' {
			i++
		}
		i++
	}
	return min(i+1, len(s))
}

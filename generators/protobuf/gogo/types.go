package gogo

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"google.golang.org/protobuf/compiler/protogen"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Field option numbers of gogo.proto that the emitter reads.
const (
	optNullable   = 65001
	optEmbed      = 65002
	optCustomType = 65003
	optCustomName = 65004
	optCastType   = 65007
	optCastKey    = 65008
	optCastValue  = 65009
	optStdTime    = 65010
	optStdDur     = 65011
	optWktPointer = 65012
)

// fld is a field, or a map entry's key or value, as gogo sees it.
type fld struct {
	desc     protoreflect.FieldDescriptor
	msg      *protogen.Message // its message type, for message fields
	name     string            // Go field name
	nullable bool
	cast     string // (gogoproto.casttype)
	castKey  string
	castVal  string
}

// newFld reads a field's gogo options.
func newFld(f *protogen.Field) (*fld, error) {
	o := readOptions(f.Desc.Options())
	for _, n := range []int32{optEmbed, optStdTime, optStdDur, optWktPointer} {
		if o.bool(n, false) {
			return nil, fmt.Errorf("field %s: gogo option %d is not supported", f.Desc.FullName(), n)
		}
	}
	if o.string(optCustomType) != "" {
		return nil, fmt.Errorf("field %s: (gogoproto.customtype) is not supported", f.Desc.FullName())
	}
	if f.Oneof != nil {
		return nil, fmt.Errorf("field %s: oneof is not supported", f.Desc.FullName())
	}
	if f.Desc.Cardinality() == protoreflect.Required {
		return nil, fmt.Errorf("field %s: required fields are not supported", f.Desc.FullName())
	}
	switch f.Desc.Kind() {
	case protoreflect.EnumKind, protoreflect.GroupKind:
		return nil, fmt.Errorf("field %s: %s fields are not supported", f.Desc.FullName(), f.Desc.Kind())
	}
	if f.Desc.IsPacked() {
		return nil, fmt.Errorf("field %s: packed fields are not supported", f.Desc.FullName())
	}
	x := &fld{
		desc:     f.Desc,
		msg:      f.Message,
		nullable: o.bool(optNullable, true),
		cast:     o.string(optCastType),
		castKey:  o.string(optCastKey),
		castVal:  o.string(optCastValue),
	}
	x.name = goFieldName(f.Desc, o.string(optCustomName))
	if f.Desc.IsMap() && f.Message.Fields[0].Desc.Kind() != protoreflect.StringKind {
		return nil, fmt.Errorf("field %s: map keys other than string are not supported", f.Desc.FullName())
	}
	return x, nil
}

// methodNames are the method names gogo may generate; a field named like
// one gets an underscore, as does a field named Size.
var methodNames = map[string]bool{
	"Reset": true, "String": true, "ProtoMessage": true, "Marshal": true,
	"Unmarshal": true, "ExtensionRangeArray": true, "ExtensionMap": true,
	"Descriptor": true, "MarshalTo": true, "Equal": true, "VerboseEqual": true,
	"GoString": true, "ProtoSize": true, "Size": true,
}

// goFieldName is the Go name gogo gives a field.
func goFieldName(d protoreflect.FieldDescriptor, custom string) string {
	name := custom
	if name == "" {
		name = camelCase(string(d.Name()))
	}
	if methodNames[name] {
		name += "_"
	}
	return name
}

// camelCase is gogo's CamelCase: words start at an underscore followed by
// a lower-case letter or at an upper-case letter, digits stand alone, and
// a leading underscore becomes X.
func camelCase(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case i == 0 && c == '_':
			b.WriteByte('X')
		case c == '_' && i+1 < len(s) && isLower(s[i+1]):
		case '0' <= c && c <= '9':
			b.WriteByte(c)
		default:
			if isLower(c) {
				c -= 'a' - 'A'
			}
			b.WriteByte(c)
			for i+1 < len(s) && isLower(s[i+1]) {
				i++
				b.WriteByte(s[i])
			}
		}
	}
	return b.String()
}

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// entry returns the key (0) or value (1) of a map field as gogo's alias
// fields: the value takes the map's nullability, and each its cast.
func (f *fld) entry(i int) *fld {
	e := f.msg.Fields[i]
	x := &fld{desc: e.Desc, msg: e.Message, nullable: true, cast: f.castKey}
	if i == 1 {
		x.nullable, x.cast = f.nullable, f.castVal
	}
	return x
}

// plain returns the key or value of a map field without its cast.
func (f *fld) plain(i int) *fld {
	x := f.entry(i)
	x.cast = ""
	return x
}

func (f *fld) kind() protoreflect.Kind { return f.desc.Kind() }
func (f *fld) repeated() bool          { return f.desc.Cardinality() == protoreflect.Repeated }
func (f *fld) isMsg() bool             { return f.desc.Kind() == protoreflect.MessageKind }
func (f *fld) isMap() bool             { return f.desc.IsMap() }

// nilCheck reports whether gogo guards the field with `!= nil` (proto2).
func (f *fld) nilCheck() bool {
	if f.isMsg() {
		return f.nullable
	}
	return f.nullable || f.kind() == protoreflect.BytesKind
}

// star reports whether gogo's Go type of the field is a pointer.
func (f *fld) star() bool {
	switch {
	case f.repeated() && !f.isMsg(), f.kind() == protoreflect.BytesKind, !f.nullable:
		return false
	}
	return true
}

// value is how Marshal and Size read a field that is not repeated:
// through the pointer when gogo's Go type is one, except for messages,
// whose methods take the pointer.
func (f *fld) value() string {
	if f.star() && !f.isMsg() {
		return "*m." + f.name
	}
	return "m." + f.name
}

// scalar gives the Go type and gogo's wire name of a non-message kind.
var scalar = map[protoreflect.Kind][2]string{
	protoreflect.DoubleKind:   {"float64", "fixed64"},
	protoreflect.FloatKind:    {"float32", "fixed32"},
	protoreflect.Int64Kind:    {"int64", "varint"},
	protoreflect.Uint64Kind:   {"uint64", "varint"},
	protoreflect.Int32Kind:    {"int32", "varint"},
	protoreflect.Uint32Kind:   {"uint32", "varint"},
	protoreflect.Fixed64Kind:  {"uint64", "fixed64"},
	protoreflect.Fixed32Kind:  {"uint32", "fixed32"},
	protoreflect.BoolKind:     {"bool", "varint"},
	protoreflect.StringKind:   {"string", "bytes"},
	protoreflect.BytesKind:    {"[]byte", "bytes"},
	protoreflect.Sfixed32Kind: {"int32", "fixed32"},
	protoreflect.Sfixed64Kind: {"int64", "fixed64"},
	protoreflect.Sint32Kind:   {"int32", "zigzag32"},
	protoreflect.Sint64Kind:   {"int64", "zigzag64"},
	protoreflect.MessageKind:  {"", "bytes"},
}

// wireType is the wire type number of a gogo wire name.
func wireType(wire string) int {
	switch wire {
	case "fixed64":
		return 1
	case "bytes":
		return 2
	case "fixed32":
		return 5
	}
	return 0
}

// goType is gogo's GoType: the field's Go type, with a cast and the
// pointer or slice it is held in, and its wire name. Naming a message of
// another package names that package, as gogo does on first use.
func (g *fileGen) goType(f *fld) (typ, wire string) {
	s := scalar[f.kind()]
	typ, wire = s[0], s[1]
	if f.isMsg() {
		typ = g.typeName(f.msg)
	}
	if f.cast != "" {
		typ = g.castName(f.cast)
	}
	if f.star() {
		typ = "*" + typ
	}
	if f.repeated() {
		typ = "[]" + typ
	}
	return typ, wire
}

// bare is goType without pointer or slice.
func (g *fileGen) bare(f *fld) string {
	typ, _ := g.goType(f)
	return strings.TrimPrefix(strings.TrimPrefix(typ, "[]"), "*")
}

// castName spells a cast type as gogo does: its package path with every
// character that may not be in an identifier made an underscore, then the
// type name; a cast without a package is the name alone. The package is
// remembered as an import.
func (g *fileGen) castName(cast string) string {
	i := strings.LastIndex(cast, ".")
	if i < 0 {
		return cast
	}
	pkg := cast[:i]
	g.casts[pkg] = true
	return underscored(pkg) + cast[i:]
}

// underscored replaces every rune that is not a letter, digit or
// underscore by an underscore.
func underscored(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return r
		}
		return '_'
	}, s)
}

// typeName is gogo's TypeName of a message: its name, qualified by its
// package's name when it is not in the file's package.
func (g *fileGen) typeName(m *protogen.Message) string {
	if m.GoIdent.GoImportPath == g.importPath {
		return m.GoIdent.GoName
	}
	return g.pkgName(m.GoIdent.GoImportPath) + "." + m.GoIdent.GoName
}

// pkgName is the name gogo gives an imported package: the last element of
// its path, without a dotted suffix, made an identifier; then 1, 2, ...
// appended while the name is taken, in the order packages are first named.
func (g *fileGen) pkgName(path protogen.GoImportPath) string {
	if n, ok := g.names[path]; ok {
		return n
	}
	orig := cleanName(baseName(string(path)))
	name := orig
	for i := 1; g.taken[name] || predeclared[name]; i++ {
		name = orig + strconv.Itoa(i)
	}
	g.names[path] = name
	g.taken[name] = true
	return name
}

func baseName(p string) string {
	if i := strings.LastIndex(p, "/"); i >= 0 {
		p = p[i+1:]
	}
	if i := strings.LastIndex(p, "."); i >= 0 {
		p = p[:i]
	}
	return p
}

// cleanName makes a package name an identifier as gogo does.
func cleanName(s string) string {
	s = underscored(s)
	if keywords[s] {
		return "_" + s
	}
	if r, _ := utf8.DecodeRuneInString(s); unicode.IsDigit(r) {
		return "_" + s
	}
	return s
}

var keywords = set("break", "case", "chan", "const", "continue", "default", "else", "defer",
	"fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map", "package",
	"range", "return", "select", "struct", "switch", "type", "var")

var predeclared = set("append", "bool", "byte", "cap", "close", "complex", "complex128",
	"complex64", "copy", "delete", "error", "false", "imag", "int", "int16", "int32", "int64",
	"int8", "iota", "len", "make", "new", "nil", "panic", "print", "println", "real", "recover",
	"rune", "string", "true", "uint", "uint16", "uint32", "uint64", "uint8", "uintptr")

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

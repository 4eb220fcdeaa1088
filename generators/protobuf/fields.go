package protobuf

import (
	"fmt"
	"go/token"
	"reflect"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"
)

// gogo's field options.
const (
	castType     = "(gogoproto.casttype)"
	castKey      = "(gogoproto.castkey)"
	castValue    = "(gogoproto.castvalue)"
	nullableOpt  = "(gogoproto.nullable)"
	customName   = "(gogoproto.customname)"
	unnumbered   = -1
	bytesKeyword = "bytes"
)

// fields makes the fields of struct t, numbered: tagged fields keep their
// numbers, the others get the next numbers after the highest one taken,
// in struct order.
func (fb *fileBuilder) fields(t *types.Type) []*Field {
	var fields []*Field
	for i, m := range t.Members {
		if f := fb.field(t, i, m); f != nil {
			fields = append(fields, f)
		}
	}
	stones := fb.tombstones(t)
	fb.checkGaps(t, stones)
	fb.number(fields, stones)
	return fields
}

// field makes the field of member i of t, or nil for a member that has
// none: unexported, of a dropped type, or tagged protobuf:"-" or json:"-".
func (fb *fileBuilder) field(t *types.Type, i int, m types.Member) *Field {
	tags := reflect.StructTag(m.Tags)
	tag := tags.Get("protobuf")
	if namer.IsPrivateGoName(m.Name) || fb.omit[types.Name{Name: m.Type.Name.Name, Package: m.Type.Name.Package}] || tag == "-" {
		return nil
	}
	f := &Field{GoName: m.Name, Number: unnumbered, Options: map[string]string{}, Pos: fb.fieldPos(t, i)}
	if fb.entryOf(t) != nil {
		f.Comment = m.CommentLines
	}
	if tag != "" && !fb.readTag(f, tag) {
		return nil
	}
	if json := tags.Get("json"); json != "" {
		name, _, _ := strings.Cut(json, ",")
		if f.Name == "" {
			f.Name = name
		}
		if f.Number == unnumbered && f.Name == "-" {
			return nil
		}
	}
	s := shape{options: f.Options}
	if f.Type != nil {
		s.typ = f.Type
	} else if err := fb.shapeOf(&s, m.Type); err != nil {
		fb.diags.Errorf(f.Pos, "field %s of %s: protobuf cannot express %s: %v", m.Name, t.Name.Name, typeString(m.Type), err)
		return nil
	}
	if f.Name == "" {
		f.Name = namer.IL(m.Name)
	}
	s.finish(f)
	return f
}

// fieldPos is where member i of t is declared, or t itself for members
// that have no declaration of their own.
func (fb *fileBuilder) fieldPos(t *types.Type, i int) token.Position {
	if pos := fb.m.FieldPosition(t, i); pos.IsValid() {
		return pos
	}
	return fb.m.Position(t)
}

// readTag takes the number, name, casts and message type from a field's
// protobuf tag, and reports whether the tag is well formed.
func (fb *fileBuilder) readTag(f *Field, tag string) bool {
	pt, err := parseTag(tag, fb.p.proto, fb.p.importPath)
	if err == nil {
		err = checkNumber(pt.number)
	}
	if err != nil {
		fb.diags.Errorf(f.Pos, "malformed protobuf tag on field %s: %v", f.GoName, err)
		return false
	}
	f.Number, f.Name, f.Type = pt.number, pt.name, pt.message
	for k, v := range pt.casts {
		f.Options[k] = v
	}
	return true
}

// shape is a field's type as upstream's mapping builds it up.
type shape struct {
	typ                       *Type
	isMap, repeated, nullable bool
	options                   map[string]string // gogo's casts; nil until one is set
}

func (s *shape) set(option, value string) {
	if s.options == nil {
		s.options = map[string]string{}
	}
	s.options[option] = value
}

// finish gives f its type, label and gogo options.
func (s *shape) finish(f *Field) {
	if s.isMap && s.repeated {
		s.repeated, s.nullable = false, true
	}
	f.Type, f.Options = s.typ, s.options
	if f.Options == nil {
		f.Options = map[string]string{}
	}
	switch {
	case s.isMap:
		f.Label = Map
	case s.repeated:
		f.Label = Repeated
	default:
		f.Label = Optional
	}
	// Bytes, and lists of scalars, are never nullable to gogo.
	if !s.nullable && !s.typ.isScalar(bytesKeyword) && !(s.repeated && s.typ.Package == "" && namer.IsPrivateGoName(s.typ.Name)) {
		f.Options[nullableOpt] = "false"
	}
	if f.Name != f.GoName {
		f.Options[customName] = strconv.Quote(f.GoName)
	}
}

// shapeOf maps Go type t onto s, as upstream does: pointers are nullable,
// named non-list types are cast, slices are repeated.
func (fb *fileBuilder) shapeOf(s *shape, t *types.Type) error {
	switch t.Kind {
	case types.Builtin:
		return fb.scalarOrMessage(s, t)
	case types.Map:
		return fb.mapShape(s, t)
	case types.Pointer:
		if err := fb.shapeOf(s, t.Elem); err != nil {
			return err
		}
		s.nullable = true
	case types.Alias:
		return fb.aliasShape(s, t)
	case types.Slice:
		return fb.sliceShape(s, t)
	case types.Struct:
		if t.Name.Package == "" {
			return fmt.Errorf("an anonymous struct cannot be a message")
		}
		s.nullable = false
		return fb.scalarOrMessage(s, t)
	default:
		return fmt.Errorf("protobuf has no %s type", strings.ToLower(string(t.Kind)))
	}
	return nil
}

func (fb *fileBuilder) aliasShape(s *shape, t *types.Type) error {
	if fb.optional(t) {
		s.nullable = true
		return fb.scalarOrMessage(s, t)
	}
	if err := fb.shapeOf(s, t.Underlying); err != nil {
		return err
	}
	if !s.repeated {
		s.set(castType, strconv.Quote(fb.castName(t.Name)))
	}
	return nil
}

func (fb *fileBuilder) sliceShape(s *shape, t *types.Type) error {
	if bytes := scalarOf(t); bytes != nil {
		s.typ = bytes
		return nil
	}
	if err := fb.shapeOf(s, t.Elem); err != nil {
		return err
	}
	if s.repeated || s.isMap {
		return fmt.Errorf("a repeated field cannot hold lists or maps")
	}
	s.repeated = true
	return nil
}

// mapShape maps a map, whose key and value casts become castkey and
// castvalue.
func (fb *fileBuilder) mapShape(s *shape, t *types.Type) error {
	var key, value shape
	if err := fb.shapeOf(&value, t.Elem); err != nil {
		return err
	}
	if err := fb.shapeOf(&key, t.Key); err != nil {
		return err
	}
	if err := checkMapShapes(key, value); err != nil {
		return err
	}
	s.typ = &Type{Key: key.typ, Value: value.typ}
	if k, ok := key.options[castType]; ok {
		s.set(castKey, k)
	}
	if v, ok := value.options[castType]; ok {
		s.set(castValue, v)
	}
	s.isMap = true
	return nil
}

// mapKeys are the scalars protobuf allows as map keys, among those Go
// types map to.
var mapKeys = map[string]bool{"bool": true, "string": true, "int32": true, "int64": true, "uint32": true, "uint64": true}

func checkMapShapes(key, value shape) error {
	if key.repeated || key.isMap || key.typ.Package != "" || !mapKeys[key.typ.Name] {
		return fmt.Errorf("a map key must be an integer, a bool or a string")
	}
	if value.repeated || value.isMap {
		return fmt.Errorf("a map value cannot be a list or a map")
	}
	return nil
}

// scalarOrMessage gives s the scalar of a basic Go type, or the message of
// a struct or nullable wrapper.
func (fb *fileBuilder) scalarOrMessage(s *shape, t *types.Type) error {
	if scalar := scalarOf(t); scalar != nil {
		s.typ = scalar
		return nil
	}
	if t.Kind == types.Struct || fb.optional(t) {
		s.typ = fb.messageRef(t.Name)
		return nil
	}
	return fmt.Errorf("protobuf has no type for Go's %s", t.Name.Name)
}

// messageRef names the message of the Go type called name, and imports
// the file that declares it.
func (fb *fileBuilder) messageRef(name types.Name) *Type {
	ref := fb.protoName(name)
	if ref.Package != "" && ref.Package != fb.p.proto {
		fb.imports[ref.Path] = true
	}
	return ref
}

// protoName finds the message of a Go type: in the package that declares
// it, or else in the first package that reached it. A type no package
// reached keeps its bare name.
func (b *builder) protoName(name types.Name) *Type {
	if p := b.byPath[name.Package]; p != nil {
		return &Type{Name: name.Name, Package: p.proto, Path: p.importPath}
	}
	for _, p := range b.pkgs {
		if b.reached[p].types[name] != nil {
			return &Type{Name: name.Name, Package: p.proto, Path: p.importPath}
		}
	}
	return &Type{Name: name.Name}
}

// castName is how a cast names a Go type: bare in the file's own package.
func (fb *fileBuilder) castName(name types.Name) string {
	if name.Package == fb.p.Path {
		return name.Name
	}
	return name.String()
}

// scalarOf returns the protobuf scalar of a Go type that has one.
func scalarOf(t *types.Type) *Type {
	switch t.Kind {
	case types.Slice:
		if t.Elem.Name == (types.Name{Name: "byte"}) {
			return &Type{Name: bytesKeyword}
		}
	case types.Builtin:
		if name, ok := scalars[t.Name.Name]; ok {
			return &Type{Name: name}
		}
	}
	return nil
}

// scalars maps Go's basic types to protobuf's.
var scalars = map[string]string{
	"string": "string", "bool": "bool",
	"int32": "int32", "int64": "int64", "uint32": "uint32", "uint64": "uint64",
	"int": "int64", "uint": "uint64", "uintptr": "uint64",
	"float64": "double", "float": "double", "float32": "float",
}

// isScalar reports whether t is the scalar called name.
func (t *Type) isScalar(name string) bool { return t.Key == nil && t.Package == "" && t.Name == name }

// typeString spells a Go type for messages.
func typeString(t *types.Type) string {
	if t.Name.Package == "" {
		return t.Name.Name
	}
	return t.Name.String()
}

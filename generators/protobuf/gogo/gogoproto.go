package gogo

import (
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/descriptorpb"
)

// gogoProtoPath is the name under which the pass-one files import gogo's
// options; it resolves to gogoProtoFile, never to gogo's own file.
const gogoProtoPath = "github.com/gogo/protobuf/gogoproto/gogo.proto"

// gogoExt is one option that gogo.proto declares: the options message it
// extends, its field number, and whether it holds a string or a bool.
type gogoExt struct {
	extends string // FileOptions, MessageOptions, FieldOptions, EnumOptions or EnumValueOptions
	name    string
	number  int32
	text    bool
}

// gogoExts lists gogo v1.3.2's options. Only names, numbers and types are
// taken from gogo.proto; they are what a pass-one file can name.
var gogoExts = []gogoExt{
	{"EnumOptions", "goproto_enum_prefix", 62001, false},
	{"EnumOptions", "goproto_enum_stringer", 62021, false},
	{"EnumOptions", "enum_stringer", 62022, false},
	{"EnumOptions", "enum_customname", 62023, true},
	{"EnumOptions", "enumdecl", 62024, false},
	{"EnumValueOptions", "enumvalue_customname", 66001, true},
	{"FileOptions", "goproto_getters_all", 63001, false},
	{"FileOptions", "goproto_enum_prefix_all", 63002, false},
	{"FileOptions", "goproto_stringer_all", 63003, false},
	{"FileOptions", "verbose_equal_all", 63004, false},
	{"FileOptions", "face_all", 63005, false},
	{"FileOptions", "gostring_all", 63006, false},
	{"FileOptions", "populate_all", 63007, false},
	{"FileOptions", "stringer_all", 63008, false},
	{"FileOptions", "onlyone_all", 63009, false},
	{"FileOptions", "equal_all", 63013, false},
	{"FileOptions", "description_all", 63014, false},
	{"FileOptions", "testgen_all", 63015, false},
	{"FileOptions", "benchgen_all", 63016, false},
	{"FileOptions", "marshaler_all", 63017, false},
	{"FileOptions", "unmarshaler_all", 63018, false},
	{"FileOptions", "stable_marshaler_all", 63019, false},
	{"FileOptions", "sizer_all", 63020, false},
	{"FileOptions", "goproto_enum_stringer_all", 63021, false},
	{"FileOptions", "enum_stringer_all", 63022, false},
	{"FileOptions", "unsafe_marshaler_all", 63023, false},
	{"FileOptions", "unsafe_unmarshaler_all", 63024, false},
	{"FileOptions", "goproto_extensions_map_all", 63025, false},
	{"FileOptions", "goproto_unrecognized_all", 63026, false},
	{"FileOptions", "gogoproto_import", 63027, false},
	{"FileOptions", "protosizer_all", 63028, false},
	{"FileOptions", "compare_all", 63029, false},
	{"FileOptions", "typedecl_all", 63030, false},
	{"FileOptions", "enumdecl_all", 63031, false},
	{"FileOptions", "goproto_registration", 63032, false},
	{"FileOptions", "messagename_all", 63033, false},
	{"FileOptions", "goproto_sizecache_all", 63034, false},
	{"FileOptions", "goproto_unkeyed_all", 63035, false},
	{"MessageOptions", "goproto_getters", 64001, false},
	{"MessageOptions", "goproto_stringer", 64003, false},
	{"MessageOptions", "verbose_equal", 64004, false},
	{"MessageOptions", "face", 64005, false},
	{"MessageOptions", "gostring", 64006, false},
	{"MessageOptions", "populate", 64007, false},
	{"MessageOptions", "stringer", 67008, false},
	{"MessageOptions", "onlyone", 64009, false},
	{"MessageOptions", "equal", 64013, false},
	{"MessageOptions", "description", 64014, false},
	{"MessageOptions", "testgen", 64015, false},
	{"MessageOptions", "benchgen", 64016, false},
	{"MessageOptions", "marshaler", 64017, false},
	{"MessageOptions", "unmarshaler", 64018, false},
	{"MessageOptions", "stable_marshaler", 64019, false},
	{"MessageOptions", "sizer", 64020, false},
	{"MessageOptions", "unsafe_marshaler", 64023, false},
	{"MessageOptions", "unsafe_unmarshaler", 64024, false},
	{"MessageOptions", "goproto_extensions_map", 64025, false},
	{"MessageOptions", "goproto_unrecognized", 64026, false},
	{"MessageOptions", "protosizer", 64028, false},
	{"MessageOptions", "compare", 64029, false},
	{"MessageOptions", "typedecl", 64030, false},
	{"MessageOptions", "messagename", 64033, false},
	{"MessageOptions", "goproto_sizecache", 64034, false},
	{"MessageOptions", "goproto_unkeyed", 64035, false},
	{"FieldOptions", "nullable", 65001, false},
	{"FieldOptions", "embed", 65002, false},
	{"FieldOptions", "customtype", 65003, true},
	{"FieldOptions", "customname", 65004, true},
	{"FieldOptions", "jsontag", 65005, true},
	{"FieldOptions", "moretags", 65006, true},
	{"FieldOptions", "casttype", 65007, true},
	{"FieldOptions", "castkey", 65008, true},
	{"FieldOptions", "castvalue", 65009, true},
	{"FieldOptions", "stdtime", 65010, false},
	{"FieldOptions", "stdduration", 65011, false},
	{"FieldOptions", "wktpointer", 65012, false},
}

// gogoProtoFile builds the descriptor that stands for gogo.proto: package
// gogoproto, every option of gogoExts as an extension, and the Go package
// gogo gives it, so that imports of it are named as gogo names them.
func gogoProtoFile() *descriptorpb.FileDescriptorProto {
	f := &descriptorpb.FileDescriptorProto{
		Name:       proto.String(gogoProtoPath),
		Package:    proto.String("gogoproto"),
		Dependency: []string{"google/protobuf/descriptor.proto"},
		Options:    &descriptorpb.FileOptions{GoPackage: proto.String("github.com/gogo/protobuf/gogoproto")},
	}
	for _, e := range gogoExts {
		typ := descriptorpb.FieldDescriptorProto_TYPE_BOOL
		if e.text {
			typ = descriptorpb.FieldDescriptorProto_TYPE_STRING
		}
		f.Extension = append(f.Extension, &descriptorpb.FieldDescriptorProto{
			Name:     proto.String(e.name),
			Number:   proto.Int32(e.number),
			Label:    descriptorpb.FieldDescriptorProto_LABEL_OPTIONAL.Enum(),
			Type:     typ.Enum(),
			Extendee: proto.String(".google.protobuf." + e.extends),
			JsonName: proto.String(jsonName(e.name)),
		})
	}
	return f
}

// jsonName is protoc's JSON name of a field: lower camel case.
func jsonName(s string) string {
	var b []byte
	up := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '_':
			up = true
		case up && 'a' <= c && c <= 'z':
			b = append(b, c-'a'+'A')
			up = false
		default:
			b = append(b, c)
			up = false
		}
	}
	return string(b)
}

// options holds the gogo options of one options message: per option
// number, its last value on the wire, as proto2 reads a repeated scalar
// into one. Reading them all at once marshals the message once.
type options map[int32][]byte

func readOptions(opts proto.Message) options {
	out := options{}
	if opts == nil {
		return out
	}
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(opts)
	if err != nil {
		return out
	}
	for len(b) > 0 {
		n, typ, l := protowire.ConsumeTag(b)
		if l < 0 {
			return out
		}
		vl := protowire.ConsumeFieldValue(n, typ, b[l:])
		if vl < 0 {
			return out
		}
		out[int32(n)] = b[l : l+vl]
		b = b[l+vl:]
	}
	return out
}

// bool reads a bool option, or def when it is not set.
func (o options) bool(num int32, def bool) bool {
	raw, ok := o[num]
	if !ok {
		return def
	}
	v, n := protowire.ConsumeVarint(raw)
	if n < 0 {
		return def
	}
	return v != 0
}

// string reads a string option, or "" when it is not set.
func (o options) string(num int32) string {
	v, n := protowire.ConsumeBytes(o[num])
	if n < 0 {
		return ""
	}
	return string(v)
}

package gogo

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/compiler/protogen"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// Message and file option numbers of gogo.proto that the emitter reads,
// each with the file-wide option that sets its default.
var (
	msgMarshaler       = [2]int32{64017, 63017}
	msgUnmarshaler     = [2]int32{64018, 63018}
	msgStable          = [2]int32{64019, 63019}
	msgSizer           = [2]int32{64020, 63020}
	msgStringer        = [2]int32{67008, 63008}
	msgGoStringer      = [2]int32{64003, 63003}
	msgUnsafeMarshal   = [2]int32{64023, 63023}
	msgUnsafeUnmarshal = [2]int32{64024, 63024}
	msgProtoSizer      = [2]int32{64028, 63028}
	msgUnrecognized    = [2]int32{64026, 63026}
	msgTypeDecl        = [2]int32{64030, 63030}
)

const fileGogoImport = 63027

// fileGen holds what gogo knows while it writes one file.
type fileGen struct {
	file       *protogen.File
	fileOpts   options
	importPath protogen.GoImportPath
	optional   map[string]bool
	msgs       []*msg
	names      map[protogen.GoImportPath]string // package names, in order of first use
	taken      map[string]bool
	used       map[protogen.GoImportPath]bool // packages whose types the file records as used
	casts      map[string]bool                // packages of cast types
	numGen     int                            // gogo's marshal counter, shared by the file
	local      string                         // the file's name in helper names: Generated
	byPath     map[string]*protogen.File
}

// msg is a message with its fields and the gogo options that matter.
type msg struct {
	*protogen.Message
	fields                                  []*fld // declaration order; by number once marshalled
	marshaler, unmarshaler, sizer, stringer bool
	stable                                  bool
}

func newFileGen(f *protogen.File, optional []string) (*fileGen, error) {
	if f.Desc.Syntax() != protoreflect.Proto2 {
		return nil, fmt.Errorf("%s: only proto2 is supported", f.Desc.Path())
	}
	fileOpts := readOptions(f.Desc.Options())
	if !fileOpts.bool(fileGogoImport, true) {
		return nil, fmt.Errorf("%s: (gogoproto.gogoproto_import) = false is not supported", f.Desc.Path())
	}
	g := &fileGen{
		file:       f,
		fileOpts:   fileOpts,
		importPath: f.GoImportPath,
		optional:   set(optional...),
		names:      map[protogen.GoImportPath]string{},
		taken:      set("fmt", "math", "proto"),
		used:       map[protogen.GoImportPath]bool{},
		casts:      map[string]bool{},
	}
	for _, m := range f.Messages {
		x, err := g.newMsg(m)
		if err != nil {
			return nil, err
		}
		g.msgs = append(g.msgs, x)
	}
	return g, nil
}

func (g *fileGen) newMsg(m *protogen.Message) (*msg, error) {
	name := m.Desc.FullName()
	for _, n := range m.Messages {
		if !n.Desc.IsMapEntry() {
			return nil, fmt.Errorf("message %s: nested messages are not supported", name)
		}
	}
	if len(m.Enums) > 0 || len(m.Extensions) > 0 || m.Desc.ExtensionRanges().Len() > 0 {
		return nil, fmt.Errorf("message %s: nested enums and extensions are not supported", name)
	}
	msgOpts := readOptions(m.Desc.Options())
	opt := func(o [2]int32, def bool) bool {
		return msgOpts.bool(o[0], g.fileOpts.bool(o[1], def))
	}
	if err := refuseOptions(name, opt); err != nil {
		return nil, err
	}
	x := &msg{
		Message:     m,
		marshaler:   opt(msgMarshaler, false),
		unmarshaler: opt(msgUnmarshaler, false),
		sizer:       opt(msgSizer, false),
		stringer:    opt(msgStringer, false),
		stable:      opt(msgStable, false),
	}
	for _, f := range m.Fields {
		y, err := newFld(f)
		if err != nil {
			return nil, err
		}
		x.fields = append(x.fields, y)
	}
	return x, nil
}

// forEach calls write, in file order, for the messages a plugin is on
// for, and reports whether there was one.
func (g *fileGen) forEach(on func(*msg) bool, write func(*msg)) bool {
	any := false
	for _, m := range g.msgs {
		if on(m) {
			write(m)
			any = true
		}
	}
	return any
}

// refuseOptions fails for the message options go-to-protobuf never sets,
// each read through opt with its default.
func refuseOptions(name protoreflect.FullName, opt func([2]int32, bool) bool) error {
	for _, o := range []struct {
		opt  [2]int32
		def  bool
		what string
	}{
		{msgGoStringer, true, "goproto_stringer"},
		{msgUnsafeMarshal, false, "unsafe_marshaler"},
		{msgUnsafeUnmarshal, false, "unsafe_unmarshaler"},
		{msgProtoSizer, false, "protosizer"},
		{msgUnrecognized, true, "goproto_unrecognized"},
	} {
		if opt(o.opt, o.def) {
			return fmt.Errorf("message %s: (gogoproto.%s) must be false", name, o.what)
		}
	}
	if !opt(msgTypeDecl, true) {
		return fmt.Errorf("message %s: (gogoproto.typedecl) = false is not supported", name)
	}
	return nil
}

// name is the message's Go name.
func (m *msg) name() string { return m.GoIdent.GoName }

// declare does what gogo's type declarations do to the file's imports:
// it names the packages of field types in order of first use, records
// the packages of message fields without a cast as used, and notes the
// cast packages.
func (g *fileGen) declare() {
	for _, m := range g.msgs {
		for _, f := range m.fields {
			g.goType(f)
			switch {
			case f.isMap():
				g.mapTypes(f)
			case f.isMsg() && f.cast == "":
				g.recordUse(f.msg)
			}
		}
	}
}

// mapTypes is gogo's GoMapType: it spells the map's Go type (its cast, or
// map[K]V) and records the value's package as used unless the map is cast.
func (g *fileGen) mapTypes(f *fld) string {
	key, _ := g.goType(f.entry(0))
	val, _ := g.goType(f.entry(1))
	if f.cast != "" {
		return g.castName(f.cast)
	}
	key = strings.TrimPrefix(key, "*")
	if v := f.entry(1); v.isMsg() {
		if !v.nullable {
			val = strings.TrimPrefix(val, "*")
		}
		g.recordUse(v.msg)
	} else {
		val = strings.TrimPrefix(val, "*")
	}
	return "map[" + key + "]" + val
}

// recordUse is gogo's RecordTypeUse: a message of another package makes
// that package a named import.
func (g *fileGen) recordUse(m *protogen.Message) {
	if m.GoIdent.GoImportPath != g.importPath {
		g.pkgName(m.GoIdent.GoImportPath)
		g.used[m.GoIdent.GoImportPath] = true
	}
}

// valueTypes is gogo's GoMapValueTypes: the Go type of a map's value and
// of its cast, both pointers when the map is nullable and holds messages.
func (g *fileGen) valueTypes(f *fld) (nullable bool, typ, alias string) {
	typ, _ = g.goType(f.plain(1))
	alias, _ = g.goType(f.entry(1))
	nullable = f.nullable && f.entry(1).isMsg()
	if nullable {
		if !strings.HasPrefix(typ, "*") {
			typ = "*" + typ
		}
		return nullable, typ, alias
	}
	return false, strings.Replace(typ, "*", "", 1), strings.Replace(alias, "*", "", 1)
}

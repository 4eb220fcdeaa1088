package protobuf

import (
	"go/token"
	"maps"
	"slices"
	"strings"

	gengo "k8s.io/gengo/v2"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
)

// builder makes the proto model of one run.
type builder struct {
	m       *model.Model
	pkgs    []*pkg // importees first
	byPath  map[string]*pkg
	reached map[*pkg]*reach
	omit    map[types.Name]bool // --drop-embedded-fields
	public  *namer.NameStrategy // gengo's order of types, as upstream sorts them
}

func newBuilder(m *model.Model, pkgs []*pkg, omit map[types.Name]bool) *builder {
	b := &builder{m: m, pkgs: pkgs, byPath: map[string]*pkg{}, reached: map[*pkg]*reach{}, omit: omit, public: namer.NewPublicNamer(3)}
	for _, p := range pkgs {
		b.byPath[p.Path] = p
	}
	b.assign()
	return b
}

// files makes every package's file. Problems are reported only for files
// the run writes: the others are not this run's to judge, and upstream
// never builds them.
func (b *builder) files(diags *diag.List) []*File {
	var out []*File
	for _, p := range b.pkgs {
		d := diags
		if !p.writes() {
			d = &diag.List{}
		}
		out = append(out, b.file(p, d))
	}
	checkRefs(out, diags)
	return out
}

// protoScalars are protobuf's scalar type keywords.
var protoScalars = map[string]bool{"double": true, "float": true, "int32": true, "int64": true, "uint32": true, "uint64": true,
	"sint32": true, "sint64": true, "fixed32": true, "fixed64": true, "sfixed32": true, "sfixed64": true, "bool": true, "string": true, "bytes": true}

// checkRefs reports, at the Go field, each field of a written file whose
// message no file declares: a type of a "+" package not marked
// +protobuf=true, or one marked false. Upstream writes the reference and
// protoc stops on it.
func checkRefs(files []*File, diags *diag.List) {
	declared := map[string]bool{}
	for _, f := range files {
		for _, m := range f.Messages {
			declared[f.Package+"."+m.Name] = true
		}
	}
	for _, f := range files {
		if !f.Write {
			continue
		}
		for _, m := range f.Messages {
			for _, fd := range m.Fields {
				for _, t := range []*Type{fd.Type, fd.Type.Key, fd.Type.Value} {
					if t == nil || t.Key != nil || protoScalars[t.Name] {
						continue
					}
					pkg := t.Package
					if pkg == "" {
						pkg = f.Package
					}
					if !declared[pkg+"."+t.Name] {
						diags.Errorf(fd.Pos, "field %s of %s refers to message %s.%s, which no package generates (a type of a '+' package needs +%s=true), so protoc would reject it", fd.GoName, m.Name, pkg, t.Name, protobufMarker)
					}
				}
			}
		}
	}
}

// writes reports whether the run writes the package's files.
func (p *pkg) writes() bool { return p.write && p.Local() }

// fileBuilder makes the messages of one file.
type fileBuilder struct {
	*builder
	p       *pkg
	imports map[string]bool
	diags   *diag.List
}

func (b *builder) file(p *pkg, diags *diag.List) *File {
	fb := &fileBuilder{builder: b, p: p, imports: b.reached[p].imports, diags: diags.In(diag.Protobuf)}
	f := &File{GoPackage: p.Path, Package: p.proto, Dir: p.Dir, Write: p.writes()}
	messages, others := fb.messageTypes()
	for _, t := range messages {
		if msg := fb.message(t); msg != nil {
			f.Messages = append(f.Messages, msg)
		}
	}
	for _, t := range others {
		fb.checkOptions(t, gengo.ExtractCommentTags("+", fb.comments(t)), false)
	}
	f.Imports = slices.Sorted(maps.Keys(fb.imports))
	return f
}

// messageTypes lists the types the package reached that become its
// messages, in gengo's order of public names, and the others.
func (fb *fileBuilder) messageTypes() (messages, others []*types.Type) {
	for _, t := range fb.reached[fb.p].types {
		if fb.isMessage(t) {
			messages = append(messages, t)
		} else {
			others = append(others, t)
		}
	}
	slices.SortStableFunc(messages, func(a, b *types.Type) int { return strings.Compare(fb.public.Name(a), fb.public.Name(b)) })
	return messages, others
}

// isMessage is upstream's choice of types: structs and nullable wrappers,
// unless +protobuf says otherwise; in a "+" package only those marked
// +protobuf=true.
func (fb *fileBuilder) isMessage(t *types.Type) bool {
	switch t.Kind {
	case types.Func, types.Chan, types.Builtin, types.Slice, types.Array, types.Map, types.Pointer, types.Protobuf:
		return false
	case types.Struct:
		if t.Name.Name == "struct{}" {
			return false
		}
	case types.Alias:
		if !fb.optional(t) {
			return false
		}
	}
	if v, ok := messageSwitch.Get(fb.markers(t)); ok {
		return v == "true"
	}
	return fb.p.allTypes && protoable(t, map[*types.Type]bool{})
}

// protoable reports whether some part of t can be written in protobuf.
// Types that refer to themselves count as protoable.
func protoable(t *types.Type, seen map[*types.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t.Kind {
	case types.Builtin:
		return true
	case types.Alias:
		return protoable(t.Underlying, seen)
	case types.Slice, types.Pointer:
		return protoable(t.Elem, seen)
	case types.Map:
		return protoable(t.Key, seen) && protoable(t.Elem, seen)
	case types.Struct:
		return len(t.Members) == 0 || slices.ContainsFunc(t.Members, func(m types.Member) bool { return protoable(m.Type, seen) })
	}
	return false
}

// entryOf returns the entry declaring t, if any. Only those packages'
// comments are read, as upstream's loader reads comments of its inputs
// alone.
func (b *builder) entryOf(t *types.Type) *pkg { return b.byPath[t.Name.Package] }

// markers returns the markers of t's doc comment.
func (b *builder) markers(t *types.Type) markers.Set {
	if b.entryOf(t) == nil {
		return nil
	}
	return b.m.DocMarkers(t)
}

// comments returns t's doc comment lines.
func (b *builder) comments(t *types.Type) []string {
	if b.entryOf(t) == nil {
		return nil
	}
	return t.CommentLines
}

// optional reports whether t is a slice or map type marked
// +protobuf.nullable=true, which becomes a wrapper message.
func (b *builder) optional(t *types.Type) bool {
	if t.Underlying == nil || (t.Underlying.Kind != types.Map && t.Underlying.Kind != types.Slice) {
		return false
	}
	v, _ := nullable.Get(b.markers(t))
	return v == "true"
}

// message makes the message of t, or nil for types that have none.
func (fb *fileBuilder) message(t *types.Type) *Message {
	switch t.Kind {
	case types.Struct:
		return fb.structMessage(t, t)
	case types.Alias:
		return fb.wrapper(t)
	}
	fb.diags.Errorf(fb.m.Position(t), "%s is a %s, which cannot be a protobuf message: only structs, and slices or maps marked +%s=true, can", t.Name.Name, strings.ToLower(string(t.Kind)), nullableMarker)
	return nil
}

// wrapper makes the message of a nullable slice or map: one field, items.
// Its comment ends in a newline, which shows as a blank line.
func (fb *fileBuilder) wrapper(t *types.Type) *Message {
	kind := "slice"
	if t.Underlying.Kind == types.Map {
		kind = "map"
	}
	st := &types.Type{Name: t.Name, Kind: types.Struct, Members: []types.Member{{
		Name:         "Items",
		CommentLines: []string{"items, if empty, will result in an empty " + kind + "\n"},
		Type:         t.Underlying,
	}}}
	msg := fb.structMessage(st, t)
	if msg != nil {
		msg.Optional = true
		for _, f := range msg.Fields {
			f.Pos = fb.m.Position(t) // the items field stands for the type
		}
	}
	return msg
}

// structMessage makes a message of the members of t, declared as decl: t
// itself, or the struct standing for a nullable wrapper.
func (fb *fileBuilder) structMessage(t, decl *types.Type) *Message {
	if namer.IsPrivateGoName(decl.Name.Name) {
		return nil
	}
	msg := &Message{Name: decl.Name.Name, Comment: fb.comments(decl), Options: fb.options(decl), GoType: decl}
	if embedded, ok := fb.embedded(decl); ok {
		msg.Fields = embedded
		return msg
	}
	as := fb.as(decl)
	if as != nil {
		t = as
	}
	msg.Fields = fb.fields(t)
	if as != nil {
		fb.checkAs(decl, as, msg.Fields)
	}
	return msg
}

// checkAs reports the fields of as, whose message decl takes
// (+protobuf.as), that decl has not with the same type: the generated
// Marshal and Unmarshal of decl read decl's fields with as's types, and do
// not compile. Types whose methods are written by hand (marshal=false)
// generate none.
func (fb *fileBuilder) checkAs(decl, as *types.Type, fields []*Field) {
	if v, _ := marshal.Get(fb.markers(decl)); v == "false" {
		return
	}
	have := map[string]*types.Type{}
	for _, m := range decl.Members {
		have[m.Name] = m.Type
	}
	for _, f := range fields {
		i := slices.IndexFunc(as.Members, func(m types.Member) bool { return m.Name == f.GoName })
		if i < 0 {
			continue
		}
		name, want := f.GoName, as.Members[i].Type
		if got, ok := have[name]; !ok {
			fb.diags.Errorf(f.Pos, "field %s of %s: %s takes its message (+%s) but has no field %s, and generated.pb.go would not compile", name, as.Name.Name, decl.Name.Name, asMarker, name)
		} else if got != want {
			fb.diags.Errorf(f.Pos, "field %s of %s: %s takes its message (+%s) but its field %s is of type %s, not %s, and generated.pb.go would not compile", name, as.Name.Name, decl.Name.Name, asMarker, name, got.String(), want.String())
		}
	}
}

// options are the message options of t's +protobuf.options markers.
func (fb *fileBuilder) options(t *types.Type) []string {
	var out []string
	if v, _ := marshal.Get(fb.markers(t)); v == "false" {
		out = append(out, "(gogoproto.marshaler) = false", "(gogoproto.unmarshaler) = false", "(gogoproto.sizer) = false")
	}
	tags := gengo.ExtractCommentTags("+", fb.comments(t))
	for key, values := range tags {
		name, ok := strings.CutPrefix(key, "protobuf.options.")
		if !ok || name == "marshal" {
			continue
		}
		if name == "(gogoproto.goproto_stringer)" && values[0] == "false" {
			out = append(out, "(gogoproto.stringer) = false")
		}
		out = append(out, name+" = "+values[0])
	}
	fb.checkOptions(t, tags, true)
	slices.Sort(out)
	return out
}

// checkOptions reports the gogo options among t's tags whose value is not
// a bool: an error for a message, whose options protoc reads, and a
// warning for a type that is none, whose options upstream never reads.
func (fb *fileBuilder) checkOptions(t *types.Type, tags map[string][]string, message bool) {
	for key, values := range tags {
		name, _ := strings.CutPrefix(key, "protobuf.options.")
		if name == key || !strings.HasPrefix(name, "(gogoproto.") || values[0] == "true" || values[0] == "false" {
			continue
		}
		pos := fb.commentPos(t, "+"+key+"=")
		if message {
			fb.diags.Errorf(pos, "option %s takes true or false, not %q: protoc would stop on it", name, values[0])
		} else {
			fb.diags.Warnf(pos, "option %s takes true or false, not %q; %s is no message, so nothing reads it", name, values[0], t.Name.Name)
		}
	}
}

// commentPos is the position of the first line of t's doc comment that
// starts with prefix, counted up from t's declaration, which the comment
// stands right above; t's own position when no line does.
func (fb *fileBuilder) commentPos(t *types.Type, prefix string) token.Position {
	pos := fb.m.Position(t)
	lines := fb.comments(t)
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), prefix) && pos.IsValid() {
			pos.Line -= len(lines) - i
			pos.Column = 1
			return pos
		}
	}
	return pos
}

// embedded is the one field of a type marked +protobuf.embed=T: T t = 1.
func (fb *fileBuilder) embedded(t *types.Type) ([]*Field, bool) {
	name, ok := embed.Get(fb.markers(t))
	if !ok {
		return nil, false
	}
	if _, as, ok := takesFields.Lookup(fb.markers(t)); ok {
		fb.diags.Errorf(as.Pos, "+%s and +%s cannot be combined: upstream takes one of them at random", asMarker, embedMarker)
	}
	return []*Field{{Name: name, Number: 1, Label: Optional, Type: &Type{Name: name, Package: fb.p.proto}}}, true
}

// as returns the type whose fields a type marked +protobuf.as=T takes.
func (fb *fileBuilder) as(t *types.Type) *types.Type {
	name, mk, ok := takesFields.Lookup(fb.markers(t))
	if !ok {
		return nil
	}
	as := fb.m.Universe[fb.p.Path].Types[name]
	if as == nil || !fb.m.Declared(as) {
		fb.diags.Errorf(mk.Pos, "+%s=%s: package %s has no type %s", asMarker, name, fb.p.Path, name)
		return nil
	}
	return as
}

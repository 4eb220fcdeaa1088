package protobuf

import (
	"errors"
	"go/token"
	"slices"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/generators/protobuf/gogo"
)

// GogoCode is the GoCode of a run: generated.pb.go as gogo, upstream's
// rewrite and goimports leave it, from package gogo. It supports what
// Kubernetes runs, the rewritten form with gogo's packages dropped.
func GogoCode(idl *IDL) (map[string][]byte, error) {
	if !idl.Rewrite || !idl.DropGogoGo {
		return nil, errors.New("generated.pb.go is written only as rewritten, without gogo's packages (--skip-generated-rewrite=false, --drop-gogo-go=true)")
	}
	req := gogo.Request{Files: idl.PassOne, Optional: map[string][]string{}, Header: idl.Boilerplate, Conditional: idl.Conditional}
	for _, f := range idl.Files {
		if !f.Write {
			continue
		}
		req.Generate = append(req.Generate, f.Path())
		for name := range idl.Optional[f.Path()] {
			req.Optional[f.Path()] = append(req.Optional[f.Path()], name)
		}
		slices.Sort(req.Optional[f.Path()])
	}
	code, err := gogo.Generate(req)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(code))
	for path, data := range code {
		out[strings.TrimSuffix(path, ".pb.go")+".proto"] = data
	}
	return out, nil
}

// checkGoFields reports the fields of f's messages for which
// generated.pb.go, as upstream writes it, would not compile:
//   - gogo renames a field that clashes with a method it generates (Size
//     becomes Size_), and its code, written for gogo's own struct, then
//     refers to a field the Go type lacks;
//   - int, uint and uintptr travel as int64 and uint64 with no cast, and
//     the code assigns those to the Go field;
//   - the elements of a list or map of pointers to scalars travel as the
//     scalars, and the code stores those in the Go field.
//
// It warns of lists of pointers to messages, whose nil items make the
// generated Marshal panic.
func checkGoFields(f *File, diags *diag.List) {
	for _, msg := range f.Messages {
		if msg.Optional && !slices.Contains(msg.Options, "(gogoproto.stringer) = false") {
			diags.Errorf(wrapperPos(msg), "%s, a nullable wrapper, needs +protobuf.options.(gogoproto.goproto_stringer)=false: the String method gogo writes for it reads this.Items, which the %s has not, and generated.pb.go would not compile", msg.Name, strings.ToLower(string(msg.GoType.Underlying.Kind)))
		}
		if msg.Optional || slices.Contains(msg.Options, "(gogoproto.marshaler) = false") {
			continue
		}
		for i, name := range gogoFieldNames(msg) {
			field := msg.Fields[i]
			m, ok := member(msg.GoType, field.GoName)
			var elem *types.Type
			list := false
			if ok {
				elem, list = pointerElem(m.Type)
			}
			switch {
			case !ok:
			case name != field.GoName:
				diags.Errorf(field.Pos, "field %s of %s: generated.pb.go would call it %s, since gogo's methods take the name, and would not compile; rename the field", field.GoName, msg.Name, name)
			case uncast(m.Type) != "":
				diags.Errorf(field.Pos, "field %s of %s: protobuf carries Go's %s as a 64-bit integer with no cast, and generated.pb.go would not compile; use int32, int64, uint32 or uint64", field.GoName, msg.Name, uncast(m.Type))
			case field.Type.Key != nil && field.Type.Key.Name != "string":
				diags.Errorf(field.Pos, "field %s of %s: a map keyed by %s: gogo sorts its keys with sortkeys, which the rewrite of generated.pb.go turns into package sort, which has no such function, so it would not compile; key the map by a string", field.GoName, msg.Name, field.Type.Key.Name)
			case elem != nil && elem.Kind != types.Struct:
				diags.Errorf(field.Pos, "field %s of %s: protobuf has no nil elements of scalar lists or maps, and generated.pb.go would not compile; drop the pointer", field.GoName, msg.Name)
			case list:
				diags.Warnf(field.Pos, "field %s of %s: generated.pb.go marshals each item of a list of pointers through it, so a nil item panics; protobuf has no nil items", field.GoName, msg.Name)
			}
		}
	}
}

// member returns the field of struct t that has that name.
func member(t *types.Type, name string) (types.Member, bool) {
	if t != nil {
		for _, m := range t.Members {
			if m.Name == name {
				return m, true
			}
		}
	}
	return types.Member{}, false
}

// uncast returns int, uint or uintptr when t is one of them, or a pointer,
// slice or map of one: builtins that protobuf carries as wider types
// without a cast.
func uncast(t *types.Type) string {
	for t.Kind == types.Pointer || t.Kind == types.Slice || t.Kind == types.Map {
		if t.Kind == types.Map && uncast(t.Key) != "" {
			return uncast(t.Key)
		}
		t = t.Elem
	}
	if t.Kind == types.Builtin && (t.Name.Name == "int" || t.Name.Name == "uint" || t.Name.Name == "uintptr") {
		return t.Name.Name
	}
	return ""
}

// pointerElem returns what the elements of t point at, when t is a list
// or map (or a pointer to one) of pointers, without aliases, and whether
// t is a list; nil otherwise.
func pointerElem(t *types.Type) (*types.Type, bool) {
	if t.Kind == types.Pointer {
		t = t.Elem
	}
	if t.Kind == types.Alias {
		t = t.Underlying
	}
	if t.Kind != types.Slice && t.Kind != types.Map || t.Elem.Kind != types.Pointer {
		return nil, false
	}
	elem := t.Elem.Elem
	for elem.Kind == types.Alias {
		elem = elem.Underlying
	}
	return elem, t.Kind == types.Slice
}

// wrapperPos is where a nullable wrapper's items field stands: its type.
func wrapperPos(msg *Message) token.Position {
	if len(msg.Fields) > 0 {
		return msg.Fields[0].Pos
	}
	return token.Position{}
}

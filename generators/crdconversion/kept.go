package crdconversion

import (
	"reflect"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/model"
)

// shape says how a kept field holds what a spoke cannot.
type shape int

const (
	whole   shape = iota // the hub's value, all of it
	nested               // a struct both versions have, with kept fields of its own
	pointer              // a pointer to such a struct
	slice                // a list of such structs, matched by index
	mapped               // a map of such structs, matched by key
)

// keptType is what the annotation keeps of one hub struct for its peer in
// a spoke: the hub's fields the spoke has no field for, and the fields
// both have whose structs keep something.
type keptType struct {
	hub, spoke *types.Type
	name       string // of the Go struct in the spoke's file
	fields     []keptField
}

type keptField struct {
	goName, json string
	shape        shape
	hubType      *types.Type // the field's type in the hub
	nested       *keptType   // for every shape but whole
}

// keptTypes computes the kept structs of one spoke, memoized by hub type.
type keptTypes struct {
	m      *model.Model
	diags  *diag.List
	spoke  string // the spoke's version
	byHub  map[*types.Type]*keptType
	order  []*keptType // in the order they were first met, for the file
	inWork map[*types.Type]bool
}

func newKeptTypes(m *model.Model, spoke string, diags *diag.List) *keptTypes {
	return &keptTypes{m: m, diags: diags, spoke: spoke, byHub: map[*types.Type]*keptType{}, inWork: map[*types.Type]bool{}}
}

// of returns what the annotation keeps of hub for its spoke peer, nil when
// nothing.
func (k *keptTypes) of(hub, spoke *types.Type) *keptType {
	if kt, ok := k.byHub[hub]; ok || k.inWork[hub] {
		return kt // a type that holds itself keeps nothing more the second time
	}
	k.inWork[hub] = true
	defer delete(k.inWork, hub)
	kt := &keptType{hub: hub, spoke: spoke, name: "kept" + hub.Name.Name}
	for i, hm := range hub.Members {
		if f, ok := k.field(hub, spoke, i, hm); ok {
			kt.fields = append(kt.fields, f)
		}
	}
	if len(kt.fields) == 0 {
		kt = nil
	}
	k.byHub[hub] = kt
	if kt != nil {
		k.order = append(k.order, kt)
	}
	return kt
}

// field decides what is kept of member hm of hub.
func (k *keptTypes) field(hub, spoke *types.Type, i int, hm types.Member) (keptField, bool) {
	json := jsonName(hm)
	if json == "-" || metaMember(hm) {
		return keptField{}, false
	}
	f := keptField{goName: hm.Name, json: json, hubType: hm.Type}
	sm, found := member(spoke, hm.Name)
	if !found {
		if holdsInterface(hm.Type, map[*types.Type]bool{}) {
			k.diags.Warnf(k.m.FieldPosition(hub, i), "field %s.%s holds an interface, which cannot be read back from the kept-fields annotation: converting to %s loses it", hub.Name.Name, hm.Name, k.spoke)
			return keptField{}, false
		}
		return f, true
	}
	h, s := underlying(hm.Type), underlying(sm.Type)
	if h.Kind != s.Kind {
		return keptField{}, false
	}
	switch h.Kind {
	case types.Struct:
		f.shape, f.nested = nested, k.pair(hm.Type, sm.Type)
	case types.Pointer:
		f.shape, f.nested = pointer, k.pair(h.Elem, s.Elem)
	case types.Slice:
		f.shape, f.nested = slice, k.pair(h.Elem, s.Elem)
	case types.Map:
		f.shape, f.nested = mapped, k.pair(h.Elem, s.Elem)
	}
	return f, f.nested != nil
}

// pair returns the kept struct of two named structs of different packages,
// nil for anything else.
func (k *keptTypes) pair(h, s *types.Type) *keptType {
	if h.Kind != types.Struct || s.Kind != types.Struct || h.Name.Package == s.Name.Package || h.Name.Name == "" {
		return nil
	}
	return k.of(h, s)
}

// metaMember reports the embedded TypeMeta, ObjectMeta and ListMeta, which
// every version has and conversions copy.
func metaMember(m types.Member) bool {
	switch m.Name {
	case "TypeMeta", "ObjectMeta", "ListMeta":
		return m.Embedded
	}
	return false
}

// member returns t's member of that name.
func member(t *types.Type, name string) (types.Member, bool) {
	for _, m := range t.Members {
		if m.Name == name {
			return m, true
		}
	}
	return types.Member{}, false
}

// underlying follows named non-struct types to what they are.
func underlying(t *types.Type) *types.Type {
	for t.Kind == types.Alias && t.Underlying != nil {
		t = t.Underlying
	}
	return t
}

// holdsInterface reports whether a value of t can hold an interface.
func holdsInterface(t *types.Type, seen map[*types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	t = underlying(t)
	switch t.Kind {
	case types.Interface:
		return true
	case types.Pointer, types.Slice, types.Array:
		return holdsInterface(t.Elem, seen)
	case types.Map:
		return holdsInterface(t.Key, seen) || holdsInterface(t.Elem, seen)
	case types.Struct:
		for _, m := range t.Members {
			if holdsInterface(m.Type, seen) {
				return true
			}
		}
	}
	return false
}

// jsonName is the member's JSON name: its tag's, or its Go name.
func jsonName(m types.Member) string {
	name, _, _ := strings.Cut(reflect.StructTag(m.Tags).Get("json"), ",")
	if name == "" {
		return m.Name
	}
	return name
}

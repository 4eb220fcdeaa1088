package crdconversion

import (
	"reflect"
	"slices"
	"strconv"
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
	keyed                // a map list (+listType=map) of such structs, matched by its keys
	mapped               // a map of such structs, matched by key
)

// keptType is what the annotation keeps of one hub struct for its peer in
// a spoke: the hub's fields the spoke has no field for, and the fields
// both have whose structs keep something.
type keptType struct {
	hub, spoke *types.Type
	id         string // unique in the spoke's file: keep<id>, restore<id>
	name       string // of the Go struct in the spoke's file: kept<id>
	fields     []keptField
}

type keptField struct {
	goName, json string
	shape        shape
	hubType      *types.Type // the field's type in the hub
	nested       *keptType   // for every shape but whole
	keys         []string    // of a keyed list: the Go names of the item fields +listMapKey names
}

// keptTypes computes the kept structs of one spoke, memoized by hub type.
type keptTypes struct {
	m      *model.Model
	diags  *diag.List
	spoke  string // the spoke's version
	byHub  map[*types.Type]*keptType
	order  []*keptType // in the order they were first met, for the file
	inWork map[*types.Type]*keptType
	names  map[string]bool // the ids given
}

func newKeptTypes(m *model.Model, spoke string, diags *diag.List) *keptTypes {
	return &keptTypes{m: m, diags: diags, spoke: spoke, byHub: map[*types.Type]*keptType{}, inWork: map[*types.Type]*keptType{}, names: map[string]bool{}}
}

// of returns what the annotation keeps of hub for its spoke peer, nil when
// nothing.
func (k *keptTypes) of(hub, spoke *types.Type) *keptType {
	if kt, ok := k.byHub[hub]; ok {
		return kt
	}
	if kt, ok := k.inWork[hub]; ok {
		return kt // a type that holds itself: its kept struct holds itself too, until prune finds it keeps nothing
	}
	kt := &keptType{hub: hub, spoke: spoke}
	k.inWork[hub] = kt
	for i, hm := range hub.Members {
		if f, ok := k.field(hub, spoke, i, hm); ok {
			kt.fields = append(kt.fields, f)
		}
	}
	delete(k.inWork, hub)
	if len(kt.fields) == 0 {
		kt = nil
	}
	k.byHub[hub] = kt
	if kt != nil {
		k.order = append(k.order, kt)
	}
	if len(k.inWork) == 0 {
		k.prune()
	}
	return k.byHub[hub]
}

// prune drops the kept structs of types that hold themselves but keep
// nothing else: no field of theirs is whole, nor of a struct that keeps
// something; and the fields of the others that lead only to them.
func (k *keptTypes) prune() {
	keeps := map[*keptType]bool{}
	for changed := true; changed; {
		changed = false
		for _, kt := range k.order {
			if !keeps[kt] && slices.ContainsFunc(kt.fields, func(f keptField) bool { return f.shape == whole || keeps[f.nested] }) {
				keeps[kt], changed = true, true
			}
		}
	}
	k.order = slices.DeleteFunc(k.order, func(kt *keptType) bool {
		if !keeps[kt] {
			k.byHub[kt.hub] = nil
		}
		return !keeps[kt]
	})
	for _, kt := range k.order {
		kt.fields = slices.DeleteFunc(kt.fields, func(f keptField) bool { return f.shape != whole && !keeps[f.nested] })
	}
}

// name gives each kept struct that has none its id and name: its hub
// type's name, numbered when another kept type of the spoke has it.
func (k *keptTypes) name() {
	for _, kt := range k.order {
		if kt.id != "" {
			continue
		}
		kt.id = kt.hub.Name.Name
		for i := 2; k.names[kt.id]; i++ {
			kt.id = kt.hub.Name.Name + strconv.Itoa(i)
		}
		k.names[kt.id], kt.name = true, "kept"+kt.id
	}
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
			k.diags.Warnf(k.m.FieldPosition(hub, i), "field %s.%s holds an interface, which no conversion can decode from JSON: an object that sets it fails conversion, and %s cannot keep it", hub.Name.Name, hm.Name, k.spoke)
			return keptField{}, false
		}
		return f, true
	}
	h, s := underlying(hm.Type), underlying(sm.Type)
	if s.Kind == types.Pointer && h.Kind != types.Pointer {
		s = underlying(s.Elem) // keep and restore read the hub's side only
	}
	switch {
	case h.Kind == types.Struct:
		f.shape, f.nested = nested, k.pair(hm.Type, s)
	case h.Kind == types.Pointer && s.Kind == types.Pointer:
		f.shape, f.nested = pointer, k.pair(h.Elem, s.Elem)
	case h.Kind == types.Pointer:
		f.shape, f.nested = pointer, k.pair(h.Elem, s)
	case h.Kind == types.Slice && s.Kind == types.Slice:
		f.shape, f.nested = slice, k.pair(h.Elem, s.Elem)
		if f.keys = mapListKeys(hm, h.Elem); len(f.keys) > 0 {
			f.shape = keyed
		}
	case h.Kind == types.Map && s.Kind == types.Map:
		f.shape, f.nested = mapped, k.pair(h.Elem, s.Elem)
	}
	if f.nested != nil {
		return f, true
	}
	// A field both have, of the same shape or not: kept whole when a trip
	// loses it, as a hand-written conversion may.
	if holdsInterface(hm.Type, map[*types.Type]bool{}) {
		return keptField{}, false // hand-written both ways; no JSON can hold it
	}
	f.shape, f.keys = whole, nil
	return f, true
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

// mapListKeys returns the Go names of the fields of item that a
// +listType=map list's +listMapKey markers name, or nil for another list.
func mapListKeys(m types.Member, item *types.Type) []string {
	var isMap bool
	var jsonKeys []string
	for _, line := range m.CommentLines {
		line = strings.TrimPrefix(strings.TrimSpace(line), "+")
		line = strings.TrimPrefix(line, "k8s:")
		switch {
		case line == "listType=map":
			isMap = true
		case strings.HasPrefix(line, "listMapKey="):
			jsonKeys = append(jsonKeys, strings.TrimPrefix(line, "listMapKey="))
		}
	}
	if !isMap || len(jsonKeys) == 0 {
		return nil
	}
	var out []string
	for _, key := range jsonKeys {
		i := slices.IndexFunc(item.Members, func(mb types.Member) bool { return jsonName(mb) == key })
		if i < 0 {
			return nil // a key the item lacks: match by index
		}
		out = append(out, item.Members[i].Name)
	}
	return out
}

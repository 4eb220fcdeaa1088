package gogo

import (
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"
)

// size writes what gogo's size plugin writes: Size per message, then
// sov and soz.
func (g *fileGen) size(w *code) {
	any := g.forEach(func(m *msg) bool { return m.sizer }, func(m *msg) {
		w.p("func (m *", m.name(), ") Size() (n int) {")
		w.ps("if m == nil {", "return 0", "}", "var l int", "_ = l")
		for _, f := range m.fields {
			g.sizeField(w, f)
		}
		w.ps("return n", "}", "")
	})
	if !any {
		return
	}
	w.p()
	w.p("func sov", g.local, "(x uint64) (n int) {")
	w.ps("return (math_bits.Len64(x | 1) + 6)/ 7", "}")
	w.p("func soz", g.local, "(x uint64) (n int) {")
	w.p("return sov", g.local, "(uint64((x << 1) ^ uint64((int64(x) >> 63))))")
	w.p("}")
}

// sizeField adds one field's length to n.
func (g *fileGen) sizeField(w *code, f *fld) {
	name := "m." + f.name
	guarded := openGuard(w, f)
	_, wire := g.goType(f)
	key := keySize(f.desc.Number(), wireType(wire))
	switch {
	case f.isMap():
		g.sizeMap(w, f)
	case f.repeated():
		g.sizeRepeated(w, f, name, key)
	default:
		g.sizeSingle(w, f.kind(), f.value(), key)
	}
	if guarded {
		w.p("}")
	}
}

// fixedSize is the length of a fixed-size kind's value, or 0.
func fixedSize(k protoreflect.Kind) int {
	switch k {
	case protoreflect.DoubleKind, protoreflect.Fixed64Kind, protoreflect.Sfixed64Kind:
		return 8
	case protoreflect.FloatKind, protoreflect.Fixed32Kind, protoreflect.Sfixed32Kind:
		return 4
	case protoreflect.BoolKind:
		return 1
	}
	return 0
}

func isZigzag(k protoreflect.Kind) bool {
	return k == protoreflect.Sint32Kind || k == protoreflect.Sint64Kind
}

// sizeSingle adds the length of a value that is not repeated.
func (g *fileGen) sizeSingle(w *code, k protoreflect.Kind, v string, keyLen int) {
	key := itoa(keyLen)
	switch {
	case fixedSize(k) > 0:
		w.p("n+=", itoa(keyLen+fixedSize(k)))
	case k == protoreflect.MessageKind:
		w.p("l=", v, ".Size()")
		w.p("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case k == protoreflect.StringKind || k == protoreflect.BytesKind:
		w.p("l=len(", v, ")")
		w.p("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case isZigzag(k):
		w.p("n+=", key, "+soz", g.local, "(uint64(", v, "))")
	default:
		w.p("n+=", key, "+sov", g.local, "(uint64(", v, "))")
	}
}

// sizeRepeated adds the length of every element of a repeated field.
func (g *fileGen) sizeRepeated(w *code, f *fld, name string, keyLen int) {
	k, key := f.kind(), itoa(keyLen)
	switch {
	case fixedSize(k) > 0:
		w.p("n+=", itoa(keyLen+fixedSize(k)), "*len(", name, ")")
		return
	case k == protoreflect.MessageKind:
		w.p("for _, e := range ", name, " { ")
		w.p("l=e.Size()")
		w.p("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case k == protoreflect.StringKind:
		w.p("for _, s := range ", name, " { ")
		w.p("l = len(s)")
		w.p("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case k == protoreflect.BytesKind:
		w.p("for _, b := range ", name, " { ")
		w.p("l = len(b)")
		w.p("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case isZigzag(k):
		w.p("for _, e := range ", name, " {")
		w.p("n+=", key, "+soz", g.local, "(uint64(e))")
	default:
		w.p("for _, e := range ", name, " {")
		w.p("n+=", key, "+sov", g.local, "(uint64(e))")
	}
	w.p("}")
}

// sizeMap adds the length of every entry of a map.
func (g *fileGen) sizeMap(w *code, f *fld) {
	_, keyWire := g.goType(f.entry(0))
	_, valWire := g.goType(f.entry(1))
	fieldKey := keySize(f.desc.Number(), 2)
	valKey := itoa(keySize(2, wireType(valWire)))
	w.p("for k, v := range m.", f.name, " { ")
	w.ps("_ = k", "_ = v")
	sum := []string{itoa(keySize(1, wireType(keyWire)))}
	sum = append(sum, g.sizeKey(f.plain(0).kind()))
	sum = append(sum, g.sizeMapValue(w, f, valKey)...)
	w.p("mapEntrySize := ", strings.Join(sum, "+"))
	w.p("n+=mapEntrySize+", itoa(fieldKey), "+sov", g.local, "(uint64(mapEntrySize))")
	w.p("}")
}

// sizeKey is the length of a map key k.
func (g *fileGen) sizeKey(k protoreflect.Kind) string {
	switch {
	case fixedSize(k) > 0:
		return itoa(fixedSize(k))
	case k == protoreflect.StringKind || k == protoreflect.BytesKind:
		return "len(k)+sov" + g.local + "(uint64(len(k)))"
	case isZigzag(k):
		return "soz" + g.local + "(uint64(k))"
	}
	return "sov" + g.local + "(uint64(k))"
}

// sizeMapValue returns the terms of a map value's length, writing first
// what computes l.
func (g *fileGen) sizeMapValue(w *code, f *fld, valKey string) []string {
	k := f.plain(1).kind()
	switch {
	case fixedSize(k) > 0:
		return []string{valKey, itoa(fixedSize(k))}
	case k == protoreflect.StringKind:
		return []string{valKey, "len(v)+sov" + g.local + "(uint64(len(v)))"}
	case k == protoreflect.BytesKind:
		w.ps("l = 0", "if v != nil {")
		w.p("l = ", valKey, " + len(v)+sov"+g.local+"(uint64(len(v)))")
		w.p("}")
		return []string{"l"}
	case isZigzag(k):
		return []string{valKey, "soz" + g.local + "(uint64(v))"}
	case k != protoreflect.MessageKind:
		return []string{valKey, "sov" + g.local + "(uint64(v))"}
	}
	nullable, typ, alias := g.valueTypes(f)
	size := "v.Size()"
	if nullable {
		if typ != alias {
			size = "((" + typ + ")(v)).Size()"
		}
		w.ps("l = 0", "if v != nil {", "l = "+size)
		w.p("l += ", valKey, " + sov"+g.local+"(uint64(l))")
		w.p("}")
		return []string{"l"}
	}
	if typ != alias {
		size = "((*" + typ + ")(&v)).Size()"
	}
	w.p("l = ", size)
	return []string{valKey, "l+sov" + g.local + "(uint64(l))"}
}

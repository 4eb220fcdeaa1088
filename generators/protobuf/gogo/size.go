package gogo

import (
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/apigen-dev/apigen/output"
)

// size writes what gogo's size plugin writes: Size per message, then
// sov and soz.
func (g *fileGen) size(w *output.GoFile) {
	any := g.forEach(func(m *msg) bool { return m.sizer }, func(m *msg) {
		w.Println("func (m *", m.name(), ") Size() (n int) {")
		w.Lines("if m == nil {", "return 0", "}", "var l int", "_ = l")
		for _, f := range m.fields {
			g.sizeField(w, f)
		}
		w.Lines("return n", "}", "")
	})
	if !any {
		return
	}
	w.Println()
	w.Println("func sov", g.local, "(x uint64) (n int) {")
	w.Lines("return (math_bits.Len64(x | 1) + 6)/ 7", "}")
	w.Println("func soz", g.local, "(x uint64) (n int) {")
	w.Println("return sov", g.local, "(uint64((x << 1) ^ uint64((int64(x) >> 63))))")
	w.Println("}")
}

// sizeField adds one field's length to n.
func (g *fileGen) sizeField(w *output.GoFile, f *fld) {
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
		w.Println("}")
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
func (g *fileGen) sizeSingle(w *output.GoFile, k protoreflect.Kind, v string, keyLen int) {
	key := itoa(keyLen)
	switch {
	case fixedSize(k) > 0:
		w.Println("n+=", itoa(keyLen+fixedSize(k)))
	case k == protoreflect.MessageKind:
		w.Println("l=", v, ".Size()")
		w.Println("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case k == protoreflect.StringKind || k == protoreflect.BytesKind:
		w.Println("l=len(", v, ")")
		w.Println("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case isZigzag(k):
		w.Println("n+=", key, "+soz", g.local, "(uint64(", v, "))")
	default:
		w.Println("n+=", key, "+sov", g.local, "(uint64(", v, "))")
	}
}

// sizeRepeated adds the length of every element of a repeated field.
func (g *fileGen) sizeRepeated(w *output.GoFile, f *fld, name string, keyLen int) {
	k, key := f.kind(), itoa(keyLen)
	switch {
	case fixedSize(k) > 0:
		w.Println("n+=", itoa(keyLen+fixedSize(k)), "*len(", name, ")")
		return
	case k == protoreflect.MessageKind:
		w.Println("for _, e := range ", name, " { ")
		w.Println("l=e.Size()")
		w.Println("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case k == protoreflect.StringKind:
		w.Println("for _, s := range ", name, " { ")
		w.Println("l = len(s)")
		w.Println("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case k == protoreflect.BytesKind:
		w.Println("for _, b := range ", name, " { ")
		w.Println("l = len(b)")
		w.Println("n+=", key, "+l+sov", g.local, "(uint64(l))")
	case isZigzag(k):
		w.Println("for _, e := range ", name, " {")
		w.Println("n+=", key, "+soz", g.local, "(uint64(e))")
	default:
		w.Println("for _, e := range ", name, " {")
		w.Println("n+=", key, "+sov", g.local, "(uint64(e))")
	}
	w.Println("}")
}

// sizeMap adds the length of every entry of a map.
func (g *fileGen) sizeMap(w *output.GoFile, f *fld) {
	_, keyWire := g.goType(f.entry(0))
	_, valWire := g.goType(f.entry(1))
	fieldKey := keySize(f.desc.Number(), 2)
	valKey := itoa(keySize(2, wireType(valWire)))
	w.Println("for k, v := range m.", f.name, " { ")
	w.Lines("_ = k", "_ = v")
	sum := []string{itoa(keySize(1, wireType(keyWire)))}
	sum = append(sum, g.sizeKey(f.plain(0).kind()))
	sum = append(sum, g.sizeMapValue(w, f, valKey)...)
	w.Println("mapEntrySize := ", strings.Join(sum, "+"))
	w.Println("n+=mapEntrySize+", itoa(fieldKey), "+sov", g.local, "(uint64(mapEntrySize))")
	w.Println("}")
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
func (g *fileGen) sizeMapValue(w *output.GoFile, f *fld, valKey string) []string {
	k := f.plain(1).kind()
	switch {
	case fixedSize(k) > 0:
		return []string{valKey, itoa(fixedSize(k))}
	case k == protoreflect.StringKind:
		return []string{valKey, "len(v)+sov" + g.local + "(uint64(len(v)))"}
	case k == protoreflect.BytesKind:
		w.Lines("l = 0", "if v != nil {")
		w.Println("l = ", valKey, " + len(v)+sov"+g.local+"(uint64(len(v)))")
		w.Println("}")
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
		w.Lines("l = 0", "if v != nil {", "l = "+size)
		w.Println("l += ", valKey, " + sov"+g.local+"(uint64(l))")
		w.Println("}")
		return []string{"l"}
	}
	if typ != alias {
		size = "((*" + typ + ")(&v)).Size()"
	}
	w.Println("l = ", size)
	return []string{valKey, "l+sov" + g.local + "(uint64(l))"}
}

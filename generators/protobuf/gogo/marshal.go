package gogo

import (
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/apigen-dev/apigen/output"
)

// marshal writes what gogo's marshalto plugin writes: Marshal, MarshalTo
// and MarshalToSizedBuffer per message, then encodeVarint.
func (g *fileGen) marshal(w *output.GoFile) {
	any := g.forEach(func(m *msg) bool { return m.marshaler }, func(m *msg) {
		byNumber(m.fields)
		n := m.name()
		w.Println("func (m *", n, ") Marshal() (dAtA []byte, err error) {")
		w.Lines("size := m.Size()", "dAtA = make([]byte, size)", "n, err := m.MarshalToSizedBuffer(dAtA[:size])")
		returnIfErr(w, "nil, err")
		w.Lines("return dAtA[:n], nil", "}", "")
		w.Println("func (m *", n, ") MarshalTo(dAtA []byte) (int, error) {")
		w.Lines("size := m.Size()", "return m.MarshalToSizedBuffer(dAtA[:size])", "}", "")
		w.Println("func (m *", n, ") MarshalToSizedBuffer(dAtA []byte) (int, error) {")
		w.Lines("i := len(dAtA)", "_ = i", "var l int", "_ = l")
		for i := len(m.fields) - 1; i >= 0; i-- {
			g.marshalField(w, m, m.fields[i])
		}
		w.Lines("return len(dAtA) - i, nil", "}", "")
	})
	if any {
		w.Println("func encodeVarint", g.local, "(dAtA []byte, offset int, v uint64) int {")
		w.Println("offset -= sov", g.local, "(v)")
		w.Lines("base := offset", "for v >= 1<<7 {", "dAtA[offset] = uint8(v&0x7f|0x80)", "v >>= 7", "offset++", "}",
			"dAtA[offset] = uint8(v)", "return base", "}")
	}
}

// marshalField writes one field backwards into dAtA.
func (g *fileGen) marshalField(w *output.GoFile, m *msg, f *fld) {
	name := "m." + f.name
	guarded := openGuard(w, f)
	_, wire := g.goType(f)
	num := f.desc.Number()
	switch {
	case f.isMap():
		g.marshalMap(w, m, f)
	case f.repeated():
		val := reverseLoop(w, name)
		if f.isMsg() {
			g.marshalMsg(w, val)
		} else {
			g.marshalElem(w, f.kind(), val)
		}
		encodeKey(w, num, wireType(wire))
		w.Println("}")
	default:
		g.marshalValue(w, f.kind(), f.value())
		encodeKey(w, num, wireType(wire))
	}
	if guarded {
		w.Println("}")
	}
}

// marshalElem writes an element of a repeated field; floating point and
// zigzag elements go through a numbered variable first.
func (g *fileGen) marshalElem(w *output.GoFile, k protoreflect.Kind, val string) {
	var tmp, conv string
	switch k {
	case protoreflect.DoubleKind:
		tmp, conv = "f", "math.Float64bits(float64("+val+"))"
	case protoreflect.FloatKind:
		tmp, conv = "f", "math.Float32bits(float32("+val+"))"
	case protoreflect.Sint32Kind:
		tmp, conv = "x", "(uint32("+val+") << 1) ^ uint32(("+val+" >> 31))"
	case protoreflect.Sint64Kind:
		tmp, conv = "x", "(uint64("+val+") << 1) ^ uint64(("+val+" >> 63))"
	default:
		g.marshalValue(w, k, val)
		return
	}
	g.numGen++
	v := tmp + itoa(g.numGen)
	w.Println(v, " := ", conv)
	switch k {
	case protoreflect.DoubleKind:
		fixed(w, 64, v)
	case protoreflect.FloatKind:
		fixed(w, 32, v)
	default:
		g.varint(w, v)
	}
}

// marshalValue writes one value of a kind, given as an expression.
func (g *fileGen) marshalValue(w *output.GoFile, k protoreflect.Kind, v string) {
	switch k {
	case protoreflect.DoubleKind:
		fixed(w, 64, "math.Float64bits(float64("+v+"))")
	case protoreflect.FloatKind:
		fixed(w, 32, "math.Float32bits(float32("+v+"))")
	case protoreflect.Fixed64Kind, protoreflect.Sfixed64Kind:
		fixed(w, 64, v)
	case protoreflect.Fixed32Kind, protoreflect.Sfixed32Kind:
		fixed(w, 32, v)
	case protoreflect.BoolKind:
		w.Lines("i--", "if "+v+" {", "dAtA[i] = 1", "} else {", "dAtA[i] = 0", "}")
	case protoreflect.StringKind, protoreflect.BytesKind:
		w.Println("i -= len(", v, ")")
		w.Println("copy(dAtA[i:], ", v, ")")
		g.varint(w, "len("+v+")")
	case protoreflect.Sint32Kind:
		g.varint(w, "(uint32("+v+") << 1) ^ uint32(("+v+" >> 31))")
	case protoreflect.Sint64Kind:
		g.varint(w, "(uint64("+v+") << 1) ^ uint64(("+v+" >> 63))")
	case protoreflect.MessageKind:
		g.numGen++
		g.marshalMsg(w, v)
	default:
		g.varint(w, v)
	}
}

// marshalMsg writes a message through its own MarshalToSizedBuffer.
func (g *fileGen) marshalMsg(w *output.GoFile, v string) {
	w.Println("{")
	w.Println("size, err := ", v, ".MarshalToSizedBuffer(dAtA[:i])")
	returnIfErr(w, "0, err")
	w.Println("i -= size")
	g.varint(w, "size")
	w.Println("}")
}

// marshalMap writes a map's entries: keys sorted when the marshaler is
// stable, and each entry's value, key and length backwards.
func (g *fileGen) marshalMap(w *output.GoFile, m *msg, f *fld) {
	name := "m." + f.name
	keyGo := g.bare(f.plain(0))
	keyAlias := g.bare(f.entry(0))
	var key string
	if m.stable {
		keys := "keysFor" + f.name
		w.Println(keys, " := make([]", keyGo, ", 0, len(", name, "))")
		w.Println("for k := range ", name, " {")
		w.Println(keys, " = append(", keys, ", ", keyGo, "(k))")
		w.Println("}")
		w.Println("sort.", camelCase(keyGo), "s(", keys, ")")
		key = reverseLoop(w, keys)
		w.Println("v := ", name, "[", keyAlias, "(", key, ")]")
	} else {
		w.Println("for k := range ", name, " {")
		key = "k"
		w.Println("v := ", name, "[", key, "]")
	}
	w.Println("baseI := i")
	g.marshalMapValue(w, f)
	_, keyWire := g.goType(f.plain(0))
	g.marshalValue(w, f.plain(0).kind(), key)
	encodeKey(w, 1, wireType(keyWire))
	g.varint(w, "baseI - i")
	encodeKey(w, f.desc.Number(), 2)
	w.Println("}")
}

// marshalMapValue writes the value of a map entry and its key.
func (g *fileGen) marshalMapValue(w *output.GoFile, f *fld) {
	val := f.entry(1)
	nullable, typ, alias := g.valueTypes(f)
	acc := "v"
	if val.isMsg() {
		switch {
		case typ != alias && nullable:
			acc = "((" + typ + ")(v))"
		case typ != alias:
			acc = "((*" + typ + ")(&v))"
		case !nullable:
			acc = "(&v)"
		}
	}
	guard := (nullable && val.isMsg()) || val.kind() == protoreflect.BytesKind
	if guard {
		w.Println("if ", acc, " != nil {")
	}
	g.marshalValue(w, val.kind(), acc)
	_, wire := g.goType(f.plain(1))
	encodeKey(w, 2, wireType(wire))
	if guard {
		w.Println("}")
	}
}

// reverseLoop opens gogo's backwards loop over a slice and returns the
// element expression.
func reverseLoop(w *output.GoFile, slice string) string {
	w.Println("for iNdEx := len(", slice, ") - 1; iNdEx >= 0; iNdEx-- {")
	return slice + "[iNdEx]"
}

// encodeKey writes a field's key backwards, a byte at a time.
func encodeKey(w *output.GoFile, num protoreflect.FieldNumber, wt int) {
	b := keyBytes(num, wt)
	for i := len(b) - 1; i >= 0; i-- {
		w.Println("i--")
		w.Println("dAtA[i] = ", b[i])
	}
}

func (g *fileGen) varint(w *output.GoFile, v string) {
	w.Println("i = encodeVarint", g.local, "(dAtA, i, uint64(", v, "))")
}

// fixed writes a little-endian 32 or 64 bit value.
func fixed(w *output.GoFile, bits int, v string) {
	w.Println("i -= ", itoa(bits/8))
	w.Println("encoding_binary.LittleEndian.PutUint", itoa(bits), "(dAtA[i:], uint", itoa(bits), "(", v, "))")
}

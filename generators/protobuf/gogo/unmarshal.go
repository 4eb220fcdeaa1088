package gogo

import (
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"
)

// unmarshal writes what gogo's unmarshal plugin writes: Unmarshal per
// message, then skip and the error variables.
func (g *fileGen) unmarshal(w *code) {
	if g.forEach(func(m *msg) bool { return m.unmarshaler }, func(m *msg) { g.unmarshalMsg(w, m) }) {
		w.p(strings.ReplaceAll(skipText, "Generated", g.local))
	}
}

func (g *fileGen) unmarshalMsg(w *code, m *msg) {
	n := string(m.Desc.Name())
	w.p("func (m *", m.name(), ") Unmarshal(dAtA []byte) error {")
	w.ps("l := len(dAtA)", "iNdEx := 0", "for iNdEx < l {", "preIndex := iNdEx", "var wire uint64")
	g.decodeVarint(w, "wire", "uint64")
	w.ps("fieldNum := int32(wire >> 3)", "wireType := int(wire & 0x7)", "if wireType == 4 {")
	w.p(`return fmt.Errorf("proto: `, n, `: wiretype end group for non-group")`)
	w.p("}")
	w.p("if fieldNum <= 0 {")
	w.p(`return fmt.Errorf("proto: `, n, `: illegal tag %d (wire type %d)", fieldNum, wire)`)
	w.p("}")
	w.p("switch fieldNum {")
	for _, f := range m.fields {
		g.unmarshalCase(w, f)
	}
	w.ps("default:", "iNdEx=preIndex")
	g.skipUnknown(w, "l")
	w.ps("}", "}", "")
	w.ps("if iNdEx > l {", "return io.ErrUnexpectedEOF", "}", "return nil", "}")
}

// skipUnknown skips a field the message does not know, within limit.
func (g *fileGen) skipUnknown(w *code, limit string) {
	w.p("skippy, err := skip", g.local, "(dAtA[iNdEx:])")
	w.returnIfErr("err")
	w.ps("if (skippy < 0) || (iNdEx + skippy) < 0 {", "return ErrInvalidLength"+g.local, "}")
	w.ps("if (iNdEx + skippy) > "+limit+" {", "return io.ErrUnexpectedEOF", "}", "iNdEx += skippy")
}

// wrongWire is the error for a field that arrives with the wrong wire type.
func wrongWire(f *fld) string {
	return `return fmt.Errorf("proto: wrong wireType = %d for field ` + f.name + `", wireType)`
}

// unmarshalCase writes the case of one field: repeated numbers accept
// both the unpacked and the packed encoding.
func (g *fileGen) unmarshalCase(w *code, f *fld) {
	w.p("case ", itoa(int(f.desc.Number())), ":")
	_, wire := g.goType(f)
	wt := itoa(wireType(wire))
	if !isNumeric(f.kind()) || !f.repeated() {
		w.ps("if wireType != "+wt+"{", wrongWire(f), "}")
		g.unmarshalField(w, f)
		return
	}
	w.p("if wireType == ", wt, "{")
	g.unmarshalField(w, f)
	w.p("} else if wireType == 2{")
	w.p("var packedLen int")
	g.decodeVarint(w, "packedLen", "int")
	g.checkLen(w, "packedLen", "postIndex", "l")
	w.p("var elementCount int")
	switch n := fixedSize(f.kind()); {
	case n > 1:
		w.p("elementCount = packedLen/", itoa(n))
	case n == 1:
		w.p("elementCount = packedLen")
	default:
		w.ps("var count int", "for _, integer := range dAtA[iNdEx:postIndex] {",
			"if integer < 128 {", "count++", "}", "}", "elementCount = count")
	}
	w.p("if elementCount != 0 && len(m.", f.name, ") == 0 {")
	w.p("m.", f.name, " = make([]", g.bare(f), ", 0, elementCount)")
	w.ps("}", "for iNdEx < postIndex {")
	g.unmarshalField(w, f)
	w.ps("}", "} else {", wrongWire(f), "}")
}

// isNumeric reports gogo's IsScalar: numbers and bools.
func isNumeric(k protoreflect.Kind) bool {
	switch k {
	case protoreflect.StringKind, protoreflect.BytesKind, protoreflect.MessageKind,
		protoreflect.GroupKind:
		return false
	}
	return true
}

// checkLen writes the checks of a length n read from the wire and sets
// end to where its bytes end.
func (g *fileGen) checkLen(w *code, n, end, limit string) {
	w.ps("if "+n+" < 0 {", "return ErrInvalidLength"+g.local, "}")
	w.p(end, " := iNdEx + ", n)
	w.ps("if "+end+" < 0 {", "return ErrInvalidLength"+g.local, "}")
	w.ps("if "+end+" > "+limit+" {", "return io.ErrUnexpectedEOF", "}")
}

// store assigns a decoded value v to field f: appended when repeated,
// assigned when not nullable, else through a new variable.
func store(w *code, f *fld, v, tmp string) {
	name := "m." + f.name
	switch {
	case f.repeated():
		w.p(name, " = append(", name, ", ", v, ")")
	case !f.nullable:
		w.p(name, " = ", v)
	case tmp == "":
		w.p(name, " = &", v)
	default:
		w.p(tmp, " := ", v)
		w.p(name, " = &", tmp)
	}
}

// unmarshalField decodes one value of a field.
func (g *fileGen) unmarshalField(w *code, f *fld) {
	typ := g.bare(f)
	switch f.kind() {
	case protoreflect.DoubleKind, protoreflect.FloatKind:
		g.unmarshalFloat(w, f, typ)
	case protoreflect.BoolKind:
		w.p("var v int")
		g.decodeVarint(w, "v", "int")
		store(w, f, typ+"(v != 0)", "b")
	case protoreflect.StringKind:
		w.p("var stringLen uint64")
		g.decodeVarint(w, "stringLen", "uint64")
		w.p("intStringLen := int(stringLen)")
		g.checkLen(w, "intStringLen", "postIndex", "l")
		store(w, f, typ+"(dAtA[iNdEx:postIndex])", "s")
		w.p("iNdEx = postIndex")
	case protoreflect.MessageKind:
		g.unmarshalMsgField(w, f)
	case protoreflect.BytesKind:
		g.unmarshalBytes(w, f)
	case protoreflect.Sint32Kind:
		w.p("var v ", typ)
		g.decodeVarint(w, "v", typ)
		w.p("v = ", typ, "((uint32(v) >> 1) ^ uint32(((v&1)<<31)>>31))")
		store(w, f, "v", "")
	case protoreflect.Sint64Kind:
		w.p("var v uint64")
		g.decodeVarint(w, "v", "uint64")
		w.p("v = (v >> 1) ^ uint64((int64(v&1)<<63)>>63)")
		store(w, f, typ+"(v)", "v2")
	default:
		g.unmarshalNumber(w, f, typ)
	}
}

// unmarshalFloat decodes a float or double.
func (g *fileGen) unmarshalFloat(w *code, f *fld, typ string) {
	bits := itoa(fixedSize(f.kind()) * 8)
	w.p("var v uint", bits)
	g.decodeFixed(w, bits, "v", "uint"+bits)
	conv := typ + "(math.Float" + bits + "frombits(v))"
	if !f.repeated() && !f.nullable {
		w.p("m.", f.name, " = ", conv)
		return
	}
	w.p("v2 := ", conv)
	store(w, f, "v2", "")
}

// unmarshalNumber decodes an integer of fixed or variable length.
func (g *fileGen) unmarshalNumber(w *code, f *fld, typ string) {
	decode := func(v string) { g.decodeVarint(w, v, typ) }
	if bits := fixedSize(f.kind()) * 8; bits > 0 {
		decode = func(v string) { g.decodeFixed(w, itoa(bits), v, typ) }
	}
	if !f.repeated() && !f.nullable {
		w.p("m.", f.name, " = 0")
		decode("m." + f.name)
		return
	}
	w.p("var v ", typ)
	decode("v")
	store(w, f, "v", "")
}

// unmarshalBytes decodes a bytes field, copying what it keeps.
func (g *fileGen) unmarshalBytes(w *code, f *fld) {
	name := "m." + f.name
	w.p("var byteLen int")
	g.decodeVarint(w, "byteLen", "int")
	g.checkLen(w, "byteLen", "postIndex", "l")
	if f.repeated() {
		w.p(name, " = append(", name, ", make([]byte, postIndex-iNdEx))")
		w.p("copy(", name, "[len(", name, ")-1], dAtA[iNdEx:postIndex])")
	} else {
		w.p(name, " = append(", name, "[:0] , dAtA[iNdEx:postIndex]...)")
		w.ps("if "+name+" == nil {", name+" = []byte{}", "}")
	}
	w.p("iNdEx = postIndex")
}

// unmarshalMsgField decodes a message field, a map entry or an element.
func (g *fileGen) unmarshalMsgField(w *code, f *fld) {
	name := "m." + f.name
	w.p("var msglen int")
	g.decodeVarint(w, "msglen", "int")
	g.checkLen(w, "msglen", "postIndex", "l")
	typ, _ := g.goType(f)
	switch {
	case f.isMap():
		g.unmarshalMap(w, f)
	case f.repeated():
		elem := typ[2:] + "{}"
		if f.nullable {
			elem = "&" + g.typeName(f.msg) + "{}"
		}
		w.p(name, " = append(", name, ", ", elem, ")")
		w.p("if err := ", name, "[len(", name, ")-1].Unmarshal(dAtA[iNdEx:postIndex]); err != nil {")
		w.ps("return err", "}")
	default:
		if f.nullable {
			w.ps("if "+name+" == nil {", name+" = &"+typ[1:]+"{}", "}")
		}
		w.p("if err := ", name, ".Unmarshal(dAtA[iNdEx:postIndex]); err != nil {")
		w.ps("return err", "}")
	}
	w.p("iNdEx = postIndex")
}

// unmarshalMap decodes one map entry, key and value in either order, and
// stores it.
func (g *fileGen) unmarshalMap(w *code, f *fld) {
	name := "m." + f.name
	keyGo, keyAlias := g.bare(f.plain(0)), g.bare(f.entry(0))
	if val := f.entry(1); f.castVal != "" && val.isMsg() {
		g.recordUse(val.msg)
	}
	nullable, typ, alias := g.valueTypes(f)
	w.ps("if "+name+" == nil {", name+" = make("+g.mapTypes(f)+")", "}")
	g.declareMapVar(w, "mapkey", false, f.entry(0))
	g.declareMapVar(w, "mapvalue", nullable, f.entry(1))
	w.ps("for iNdEx < postIndex {", "entryPreIndex := iNdEx", "var wire uint64")
	g.decodeVarint(w, "wire", "uint64")
	w.ps("fieldNum := int32(wire >> 3)", "if fieldNum == 1 {")
	g.unmarshalMapVar(w, "mapkey", f.entry(0))
	w.p("} else if fieldNum == 2 {")
	g.unmarshalMapVar(w, "mapvalue", f.entry(1))
	w.ps("} else {", "iNdEx = entryPreIndex")
	g.skipUnknown(w, "postIndex")
	w.ps("}", "}")
	idx := "mapkey"
	if keyGo != keyAlias {
		idx = keyAlias + "(mapkey)"
	}
	v := "mapvalue"
	if f.entry(1).isMsg() && !nullable {
		v = "*" + v
	}
	if typ != alias {
		v = "((" + alias + ")(" + v + "))"
	}
	w.p(name, "[", idx, "] = ", v)
}

// declareMapVar declares the variable a map entry's key or value is
// decoded into.
func (g *fileGen) declareMapVar(w *code, v string, nullable bool, f *fld) {
	switch f.kind() {
	case protoreflect.StringKind:
		w.p("var ", v, " ", g.bare(f))
	case protoreflect.MessageKind:
		if nullable {
			w.p("var ", v, " *", g.typeName(f.msg))
		} else {
			w.p(v, " := &", g.typeName(f.msg), "{}")
		}
	case protoreflect.BytesKind:
		w.p(v, " := []byte{}")
	default:
		w.p("var ", v, " ", scalar[f.kind()][0])
	}
}

// unmarshalMapVar decodes a map entry's key or value into v.
func (g *fileGen) unmarshalMapVar(w *code, v string, f *fld) {
	switch k := f.kind(); k {
	case protoreflect.StringKind:
		w.p("var stringLen", v, " uint64")
		g.decodeVarint(w, "stringLen"+v, "uint64")
		w.p("intStringLen", v, " := int(stringLen", v, ")")
		g.checkLen(w, "intStringLen"+v, "postStringIndex"+v, "l")
		w.p(v, " = ", g.bare(f), "(dAtA[iNdEx:postStringIndex", v, "])")
		w.p("iNdEx = postStringIndex", v)
	case protoreflect.MessageKind:
		w.p("var mapmsglen int")
		g.decodeVarint(w, "mapmsglen", "int")
		g.checkLen(w, "mapmsglen", "postmsgIndex", "l")
		w.p(v, " = &", g.typeName(f.msg), "{}")
		w.p("if err := ", v, ".Unmarshal(dAtA[iNdEx:postmsgIndex]); err != nil {")
		w.ps("return err", "}", "iNdEx = postmsgIndex")
	case protoreflect.BytesKind:
		w.p("var mapbyteLen uint64")
		g.decodeVarint(w, "mapbyteLen", "uint64")
		w.p("intMapbyteLen := int(mapbyteLen)")
		g.checkLen(w, "intMapbyteLen", "postbytesIndex", "l")
		w.p(v, " = make([]byte, mapbyteLen)")
		w.p("copy(", v, ", dAtA[iNdEx:postbytesIndex])")
		w.p("iNdEx = postbytesIndex")
	default:
		g.unmarshalMapNumber(w, v, k)
	}
}

// unmarshalMapNumber decodes a numeric or bool key or value into v;
// floats, bools and zigzag numbers go through v+"temp".
func (g *fileGen) unmarshalMapNumber(w *code, v string, k protoreflect.Kind) {
	tmp := v + "temp"
	switch k {
	case protoreflect.DoubleKind, protoreflect.FloatKind:
		bits := itoa(fixedSize(k) * 8)
		w.p("var ", tmp, " uint", bits)
		g.decodeFixed(w, bits, tmp, "uint"+bits)
		w.p(v, " = math.Float", bits, "frombits(", tmp, ")")
	case protoreflect.BoolKind:
		w.p("var ", tmp, " int")
		g.decodeVarint(w, tmp, "int")
		w.p(v, " = bool(", tmp, " != 0)")
	case protoreflect.Sint32Kind:
		w.p("var ", tmp, " int32")
		g.decodeVarint(w, tmp, "int32")
		w.p(tmp, " = int32((uint32(", tmp, ") >> 1) ^ uint32(((", tmp, "&1)<<31)>>31))")
		w.p(v, " = int32(", tmp, ")")
	case protoreflect.Sint64Kind:
		w.p("var ", tmp, " uint64")
		g.decodeVarint(w, tmp, "uint64")
		w.p(tmp, " = (", tmp, " >> 1) ^ uint64((int64(", tmp, "&1)<<63)>>63)")
		w.p(v, " = int64(", tmp, ")")
	default:
		if bits := fixedSize(k) * 8; bits > 0 {
			g.decodeFixed(w, itoa(bits), v, scalar[k][0])
		} else {
			g.decodeVarint(w, v, scalar[k][0])
		}
	}
}

// decodeVarint writes the inline loop that reads a varint into v.
func (g *fileGen) decodeVarint(w *code, v, typ string) {
	w.ps("for shift := uint(0); ; shift += 7 {", "if shift >= 64 {", "return ErrIntOverflow"+g.local, "}",
		"if iNdEx >= l {", "return io.ErrUnexpectedEOF", "}", "b := dAtA[iNdEx]", "iNdEx++")
	w.p(v, " |= ", typ, "(b&0x7F) << shift")
	w.ps("if b < 0x80 {", "break", "}", "}")
}

// decodeFixed reads a little-endian 32 or 64 bit value into v.
func (g *fileGen) decodeFixed(w *code, bits, v, typ string) {
	n := "8"
	if bits == "32" {
		n = "4"
	}
	w.ps("if (iNdEx+"+n+") > l {", "return io.ErrUnexpectedEOF", "}")
	w.p(v, " = ", typ, "(encoding_binary.LittleEndian.Uint", bits, "(dAtA[iNdEx:]))")
	w.p("iNdEx += ", n)
}

// skipText is gogo's skip function and error variables, for a file whose
// local name is Generated.
const skipText = `func skipGenerated(dAtA []byte) (n int, err error) {
	l := len(dAtA)
	iNdEx := 0
	depth := 0
	for iNdEx < l {
		var wire uint64
		for shift := uint(0); ; shift += 7 {
			if shift >= 64 {
				return 0, ErrIntOverflowGenerated
			}
			if iNdEx >= l {
				return 0, io.ErrUnexpectedEOF
			}
			b := dAtA[iNdEx]
			iNdEx++
			wire |= (uint64(b) & 0x7F) << shift
			if b < 0x80 {
				break
			}
		}
		wireType := int(wire & 0x7)
		switch wireType {
		case 0:
			for shift := uint(0); ; shift += 7 {
				if shift >= 64 {
					return 0, ErrIntOverflowGenerated
				}
				if iNdEx >= l {
					return 0, io.ErrUnexpectedEOF
				}
				iNdEx++
				if dAtA[iNdEx-1] < 0x80 {
					break
				}
			}
		case 1:
			iNdEx += 8
		case 2:
			var length int
			for shift := uint(0); ; shift += 7 {
				if shift >= 64 {
					return 0, ErrIntOverflowGenerated
				}
				if iNdEx >= l {
					return 0, io.ErrUnexpectedEOF
				}
				b := dAtA[iNdEx]
				iNdEx++
				length |= (int(b) & 0x7F) << shift
				if b < 0x80 {
					break
				}
			}
			if length < 0 {
				return 0, ErrInvalidLengthGenerated
			}
			iNdEx += length
		case 3:
			depth++
		case 4:
			if depth == 0 {
				return 0, ErrUnexpectedEndOfGroupGenerated
			}
			depth--
		case 5:
			iNdEx += 4
		default:
			return 0, fmt.Errorf("proto: illegal wireType %d", wireType)
		}
		if iNdEx < 0 {
			return 0, ErrInvalidLengthGenerated
		}
		if depth == 0 {
			return iNdEx, nil
		}
	}
	return 0, io.ErrUnexpectedEOF
}

var (
	ErrInvalidLengthGenerated        = fmt.Errorf("proto: negative length found during unmarshaling")
	ErrIntOverflowGenerated          = fmt.Errorf("proto: integer overflow")
	ErrUnexpectedEndOfGroupGenerated = fmt.Errorf("proto: unexpected end of group")
)`

package gogo

import (
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/apigen-dev/apigen/output"
)

// unmarshal writes what gogo's unmarshal plugin writes: Unmarshal per
// message, then skip and the error variables.
func (g *fileGen) unmarshal(w *output.GoFile) {
	if g.forEach(func(m *msg) bool { return m.unmarshaler }, func(m *msg) { g.unmarshalMsg(w, m) }) {
		w.Println(strings.ReplaceAll(skipText, "Generated", g.local))
	}
}

func (g *fileGen) unmarshalMsg(w *output.GoFile, m *msg) {
	n := string(m.Desc.Name())
	w.Println("func (m *", m.name(), ") Unmarshal(dAtA []byte) error {")
	w.Lines("l := len(dAtA)", "iNdEx := 0", "for iNdEx < l {", "preIndex := iNdEx", "var wire uint64")
	g.decodeVarint(w, "wire", "uint64")
	w.Lines("fieldNum := int32(wire >> 3)", "wireType := int(wire & 0x7)", "if wireType == 4 {")
	w.Println(`return fmt.Errorf("proto: `, n, `: wiretype end group for non-group")`)
	w.Println("}")
	w.Println("if fieldNum <= 0 {")
	w.Println(`return fmt.Errorf("proto: `, n, `: illegal tag %d (wire type %d)", fieldNum, wire)`)
	w.Println("}")
	w.Println("switch fieldNum {")
	for _, f := range m.fields {
		g.unmarshalCase(w, f)
	}
	w.Lines("default:", "iNdEx=preIndex")
	g.skipUnknown(w, "l")
	w.Lines("}", "}", "")
	w.Lines("if iNdEx > l {", "return io.ErrUnexpectedEOF", "}", "return nil", "}")
}

// skipUnknown skips a field the message does not know, within limit.
func (g *fileGen) skipUnknown(w *output.GoFile, limit string) {
	w.Println("skippy, err := skip", g.local, "(dAtA[iNdEx:])")
	returnIfErr(w, "err")
	w.Lines("if (skippy < 0) || (iNdEx + skippy) < 0 {", "return ErrInvalidLength"+g.local, "}")
	w.Lines("if (iNdEx + skippy) > "+limit+" {", "return io.ErrUnexpectedEOF", "}", "iNdEx += skippy")
}

// wrongWire is the error for a field that arrives with the wrong wire type.
func wrongWire(f *fld) string {
	return `return fmt.Errorf("proto: wrong wireType = %d for field ` + f.name + `", wireType)`
}

// unmarshalCase writes the case of one field: repeated numbers accept
// both the unpacked and the packed encoding.
func (g *fileGen) unmarshalCase(w *output.GoFile, f *fld) {
	w.Println("case ", itoa(int(f.desc.Number())), ":")
	_, wire := g.goType(f)
	wt := itoa(wireType(wire))
	if !isNumeric(f.kind()) || !f.repeated() {
		w.Lines("if wireType != "+wt+"{", wrongWire(f), "}")
		g.unmarshalField(w, f)
		return
	}
	w.Println("if wireType == ", wt, "{")
	g.unmarshalField(w, f)
	w.Println("} else if wireType == 2{")
	w.Println("var packedLen int")
	g.decodeVarint(w, "packedLen", "int")
	g.checkLen(w, "packedLen", "postIndex", "l")
	w.Println("var elementCount int")
	switch n := fixedSize(f.kind()); {
	case n > 1:
		w.Println("elementCount = packedLen/", itoa(n))
	case n == 1:
		w.Println("elementCount = packedLen")
	default:
		w.Lines("var count int", "for _, integer := range dAtA[iNdEx:postIndex] {",
			"if integer < 128 {", "count++", "}", "}", "elementCount = count")
	}
	w.Println("if elementCount != 0 && len(m.", f.name, ") == 0 {")
	w.Println("m.", f.name, " = make([]", g.bare(f), ", 0, elementCount)")
	w.Lines("}", "for iNdEx < postIndex {")
	g.unmarshalField(w, f)
	w.Lines("}", "} else {", wrongWire(f), "}")
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
func (g *fileGen) checkLen(w *output.GoFile, n, end, limit string) {
	w.Lines("if "+n+" < 0 {", "return ErrInvalidLength"+g.local, "}")
	w.Println(end, " := iNdEx + ", n)
	w.Lines("if "+end+" < 0 {", "return ErrInvalidLength"+g.local, "}")
	w.Lines("if "+end+" > "+limit+" {", "return io.ErrUnexpectedEOF", "}")
}

// store assigns a decoded value v to field f: appended when repeated,
// assigned when not nullable, else through a new variable.
func store(w *output.GoFile, f *fld, v, tmp string) {
	name := "m." + f.name
	switch {
	case f.repeated():
		w.Println(name, " = append(", name, ", ", v, ")")
	case !f.nullable:
		w.Println(name, " = ", v)
	case tmp == "":
		w.Println(name, " = &", v)
	default:
		w.Println(tmp, " := ", v)
		w.Println(name, " = &", tmp)
	}
}

// unmarshalField decodes one value of a field.
func (g *fileGen) unmarshalField(w *output.GoFile, f *fld) {
	typ := g.bare(f)
	switch f.kind() {
	case protoreflect.DoubleKind, protoreflect.FloatKind:
		g.unmarshalFloat(w, f, typ)
	case protoreflect.BoolKind:
		w.Println("var v int")
		g.decodeVarint(w, "v", "int")
		store(w, f, typ+"(v != 0)", "b")
	case protoreflect.StringKind:
		w.Println("var stringLen uint64")
		g.decodeVarint(w, "stringLen", "uint64")
		w.Println("intStringLen := int(stringLen)")
		g.checkLen(w, "intStringLen", "postIndex", "l")
		store(w, f, typ+"(dAtA[iNdEx:postIndex])", "s")
		w.Println("iNdEx = postIndex")
	case protoreflect.MessageKind:
		g.unmarshalMsgField(w, f)
	case protoreflect.BytesKind:
		g.unmarshalBytes(w, f)
	case protoreflect.Sint32Kind:
		w.Println("var v ", typ)
		g.decodeVarint(w, "v", typ)
		w.Println("v = ", typ, "((uint32(v) >> 1) ^ uint32(((v&1)<<31)>>31))")
		store(w, f, "v", "")
	case protoreflect.Sint64Kind:
		w.Println("var v uint64")
		g.decodeVarint(w, "v", "uint64")
		w.Println("v = (v >> 1) ^ uint64((int64(v&1)<<63)>>63)")
		store(w, f, typ+"(v)", "v2")
	default:
		g.unmarshalNumber(w, f, typ)
	}
}

// unmarshalFloat decodes a float or double.
func (g *fileGen) unmarshalFloat(w *output.GoFile, f *fld, typ string) {
	bits := itoa(fixedSize(f.kind()) * 8)
	w.Println("var v uint", bits)
	g.decodeFixed(w, bits, "v", "uint"+bits)
	conv := typ + "(math.Float" + bits + "frombits(v))"
	if !f.repeated() && !f.nullable {
		w.Println("m.", f.name, " = ", conv)
		return
	}
	w.Println("v2 := ", conv)
	store(w, f, "v2", "")
}

// unmarshalNumber decodes an integer of fixed or variable length.
func (g *fileGen) unmarshalNumber(w *output.GoFile, f *fld, typ string) {
	decode := func(v string) { g.decodeVarint(w, v, typ) }
	if bits := fixedSize(f.kind()) * 8; bits > 0 {
		decode = func(v string) { g.decodeFixed(w, itoa(bits), v, typ) }
	}
	if !f.repeated() && !f.nullable {
		w.Println("m.", f.name, " = 0")
		decode("m." + f.name)
		return
	}
	w.Println("var v ", typ)
	decode("v")
	store(w, f, "v", "")
}

// unmarshalBytes decodes a bytes field, copying what it keeps.
func (g *fileGen) unmarshalBytes(w *output.GoFile, f *fld) {
	name := "m." + f.name
	w.Println("var byteLen int")
	g.decodeVarint(w, "byteLen", "int")
	g.checkLen(w, "byteLen", "postIndex", "l")
	if f.repeated() {
		w.Println(name, " = append(", name, ", make([]byte, postIndex-iNdEx))")
		w.Println("copy(", name, "[len(", name, ")-1], dAtA[iNdEx:postIndex])")
	} else {
		w.Println(name, " = append(", name, "[:0] , dAtA[iNdEx:postIndex]...)")
		w.Lines("if "+name+" == nil {", name+" = []byte{}", "}")
	}
	w.Println("iNdEx = postIndex")
}

// unmarshalMsgField decodes a message field, a map entry or an element.
func (g *fileGen) unmarshalMsgField(w *output.GoFile, f *fld) {
	name := "m." + f.name
	w.Println("var msglen int")
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
		w.Println(name, " = append(", name, ", ", elem, ")")
		w.Println("if err := ", name, "[len(", name, ")-1].Unmarshal(dAtA[iNdEx:postIndex]); err != nil {")
		w.Lines("return err", "}")
	default:
		if f.nullable {
			w.Lines("if "+name+" == nil {", name+" = &"+typ[1:]+"{}", "}")
		}
		w.Println("if err := ", name, ".Unmarshal(dAtA[iNdEx:postIndex]); err != nil {")
		w.Lines("return err", "}")
	}
	w.Println("iNdEx = postIndex")
}

// unmarshalMap decodes one map entry, key and value in either order, and
// stores it.
func (g *fileGen) unmarshalMap(w *output.GoFile, f *fld) {
	name := "m." + f.name
	keyGo, keyAlias := g.bare(f.plain(0)), g.bare(f.entry(0))
	if val := f.entry(1); f.castVal != "" && val.isMsg() {
		g.recordUse(val.msg)
	}
	nullable, typ, alias := g.valueTypes(f)
	w.Lines("if "+name+" == nil {", name+" = make("+g.mapTypes(f)+")", "}")
	g.declareMapVar(w, "mapkey", false, f.entry(0))
	g.declareMapVar(w, "mapvalue", nullable, f.entry(1))
	w.Lines("for iNdEx < postIndex {", "entryPreIndex := iNdEx", "var wire uint64")
	g.decodeVarint(w, "wire", "uint64")
	w.Lines("fieldNum := int32(wire >> 3)", "if fieldNum == 1 {")
	g.unmarshalMapVar(w, "mapkey", f.entry(0))
	w.Println("} else if fieldNum == 2 {")
	g.unmarshalMapVar(w, "mapvalue", f.entry(1))
	w.Lines("} else {", "iNdEx = entryPreIndex")
	g.skipUnknown(w, "postIndex")
	w.Lines("}", "}")
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
	w.Println(name, "[", idx, "] = ", v)
}

// declareMapVar declares the variable a map entry's key or value is
// decoded into.
func (g *fileGen) declareMapVar(w *output.GoFile, v string, nullable bool, f *fld) {
	switch f.kind() {
	case protoreflect.StringKind:
		w.Println("var ", v, " ", g.bare(f))
	case protoreflect.MessageKind:
		if nullable {
			w.Println("var ", v, " *", g.typeName(f.msg))
		} else {
			w.Println(v, " := &", g.typeName(f.msg), "{}")
		}
	case protoreflect.BytesKind:
		w.Println(v, " := []byte{}")
	default:
		w.Println("var ", v, " ", scalar[f.kind()][0])
	}
}

// unmarshalMapVar decodes a map entry's key or value into v.
func (g *fileGen) unmarshalMapVar(w *output.GoFile, v string, f *fld) {
	switch k := f.kind(); k {
	case protoreflect.StringKind:
		w.Println("var stringLen", v, " uint64")
		g.decodeVarint(w, "stringLen"+v, "uint64")
		w.Println("intStringLen", v, " := int(stringLen", v, ")")
		g.checkLen(w, "intStringLen"+v, "postStringIndex"+v, "l")
		w.Println(v, " = ", g.bare(f), "(dAtA[iNdEx:postStringIndex", v, "])")
		w.Println("iNdEx = postStringIndex", v)
	case protoreflect.MessageKind:
		w.Println("var mapmsglen int")
		g.decodeVarint(w, "mapmsglen", "int")
		g.checkLen(w, "mapmsglen", "postmsgIndex", "l")
		w.Println(v, " = &", g.typeName(f.msg), "{}")
		w.Println("if err := ", v, ".Unmarshal(dAtA[iNdEx:postmsgIndex]); err != nil {")
		w.Lines("return err", "}", "iNdEx = postmsgIndex")
	case protoreflect.BytesKind:
		w.Println("var mapbyteLen uint64")
		g.decodeVarint(w, "mapbyteLen", "uint64")
		w.Println("intMapbyteLen := int(mapbyteLen)")
		g.checkLen(w, "intMapbyteLen", "postbytesIndex", "l")
		w.Println(v, " = make([]byte, mapbyteLen)")
		w.Println("copy(", v, ", dAtA[iNdEx:postbytesIndex])")
		w.Println("iNdEx = postbytesIndex")
	default:
		g.unmarshalMapNumber(w, v, k)
	}
}

// unmarshalMapNumber decodes a numeric or bool key or value into v;
// floats, bools and zigzag numbers go through v+"temp".
func (g *fileGen) unmarshalMapNumber(w *output.GoFile, v string, k protoreflect.Kind) {
	tmp := v + "temp"
	switch k {
	case protoreflect.DoubleKind, protoreflect.FloatKind:
		bits := itoa(fixedSize(k) * 8)
		w.Println("var ", tmp, " uint", bits)
		g.decodeFixed(w, bits, tmp, "uint"+bits)
		w.Println(v, " = math.Float", bits, "frombits(", tmp, ")")
	case protoreflect.BoolKind:
		w.Println("var ", tmp, " int")
		g.decodeVarint(w, tmp, "int")
		w.Println(v, " = bool(", tmp, " != 0)")
	case protoreflect.Sint32Kind:
		w.Println("var ", tmp, " int32")
		g.decodeVarint(w, tmp, "int32")
		w.Println(tmp, " = int32((uint32(", tmp, ") >> 1) ^ uint32(((", tmp, "&1)<<31)>>31))")
		w.Println(v, " = int32(", tmp, ")")
	case protoreflect.Sint64Kind:
		w.Println("var ", tmp, " uint64")
		g.decodeVarint(w, tmp, "uint64")
		w.Println(tmp, " = (", tmp, " >> 1) ^ uint64((int64(", tmp, "&1)<<63)>>63)")
		w.Println(v, " = int64(", tmp, ")")
	default:
		if bits := fixedSize(k) * 8; bits > 0 {
			g.decodeFixed(w, itoa(bits), v, scalar[k][0])
		} else {
			g.decodeVarint(w, v, scalar[k][0])
		}
	}
}

// decodeVarint writes the inline loop that reads a varint into v.
func (g *fileGen) decodeVarint(w *output.GoFile, v, typ string) {
	w.Lines("for shift := uint(0); ; shift += 7 {", "if shift >= 64 {", "return ErrIntOverflow"+g.local, "}",
		"if iNdEx >= l {", "return io.ErrUnexpectedEOF", "}", "b := dAtA[iNdEx]", "iNdEx++")
	w.Println(v, " |= ", typ, "(b&0x7F) << shift")
	w.Lines("if b < 0x80 {", "break", "}", "}")
}

// decodeFixed reads a little-endian 32 or 64 bit value into v.
func (g *fileGen) decodeFixed(w *output.GoFile, bits, v, typ string) {
	n := "8"
	if bits == "32" {
		n = "4"
	}
	w.Lines("if (iNdEx+"+n+") > l {", "return io.ErrUnexpectedEOF", "}")
	w.Println(v, " = ", typ, "(encoding_binary.LittleEndian.Uint", bits, "(dAtA[iNdEx:]))")
	w.Println("iNdEx += ", n)
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

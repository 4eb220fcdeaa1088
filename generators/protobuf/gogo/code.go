package gogo

import (
	"fmt"
	"sort"
	"strconv"

	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/apigen-dev/apigen/output"
)

// returnIfErr writes the error check that gogo writes after a call.
func returnIfErr(w *output.GoFile, ret string) {
	w.Lines("if err != nil {", "return "+ret, "}")
}

func itoa(i int) string { return strconv.Itoa(i) }

// openGuard writes the if that gogo puts around a field in Marshal and
// Size: a length check when it is repeated, a nil check when it may be
// nil. It reports whether it wrote one.
func openGuard(w *output.GoFile, f *fld) bool {
	switch {
	case f.repeated():
		w.Println("if len(m.", f.name, ") > 0 {")
	case f.nilCheck():
		w.Println("if m.", f.name, " != nil {")
	default:
		return false
	}
	return true
}

// keyBytes is the varint of a field's key, as gogo writes it backwards.
func keyBytes(num protoreflect.FieldNumber, wt int) []string {
	x := uint32(num)<<3 | uint32(wt)
	var out []string
	for x > 127 {
		out = append(out, fmt.Sprintf("%#v", uint8(x&0x7F|0x80)))
		x >>= 7
	}
	return append(out, fmt.Sprintf("%#v", uint8(x)))
}

// keySize is the length of a field's key on the wire.
func keySize(num protoreflect.FieldNumber, wt int) int { return len(keyBytes(num, wt)) }

// byNumber sorts fields in place by number, as gogo's marshaler leaves
// them for the plugins after it.
func byNumber(fields []*fld) {
	sort.Slice(fields, func(i, j int) bool { return fields[i].desc.Number() < fields[j].desc.Number() })
}

package gogo

import (
	"fmt"
	"google.golang.org/protobuf/reflect/protoreflect"
	"sort"
	"strconv"
	"strings"
)

// code collects Go source one line at a time, as gogo's P does. The text
// is formatted as a whole later, so lines carry no indentation.
type code struct{ strings.Builder }

// p writes its parts and ends the line.
func (w *code) p(parts ...string) {
	for _, s := range parts {
		w.WriteString(s)
	}
	w.WriteByte('\n')
}

// ps writes several lines.
func (w *code) ps(lines ...string) {
	for _, l := range lines {
		w.p(l)
	}
}

// returnIfErr writes the error check that gogo writes after a call.
func (w *code) returnIfErr(ret string) {
	w.ps("if err != nil {", "return "+ret, "}")
}

func itoa(i int) string { return strconv.Itoa(i) }

// openGuard writes the if that gogo puts around a field in Marshal and
// Size: a length check when it is repeated, a nil check when it may be
// nil. It reports whether it wrote one.
func openGuard(w *code, f *fld) bool {
	switch {
	case f.repeated():
		w.p("if len(m.", f.name, ") > 0 {")
	case f.nilCheck():
		w.p("if m.", f.name, " != nil {")
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

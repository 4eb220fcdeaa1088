package gogo

import (
	"strings"

	"github.com/apigen-dev/apigen/output"
)

// stringer writes what gogo's stringer plugin writes: String per message,
// then valueToString. Its `for k, _ := range` is written as gofmt -s
// leaves it.
func (g *fileGen) stringer(w *output.GoFile) {
	any := g.forEach(func(m *msg) bool { return m.stringer }, func(m *msg) {
		w.Println("func (this *", m.name(), ") String() string {")
		w.Lines("if this == nil {", `return "nil"`, "}")
		for _, f := range m.fields {
			if f.repeated() && !f.isMap() && f.isMsg() {
				g.repeatedString(w, f)
			}
		}
		for _, f := range m.fields {
			if f.isMap() {
				g.mapString(w, f)
			}
		}
		w.Println("s := strings.Join([]string{`&", m.name(), "{`,")
		for _, f := range m.fields {
			w.Println("`", f.name, ":` + ", g.fieldString(f), " + `,`,")
		}
		w.Lines("`}`,", `},"")`, "return s", "}")
	})
	if any {
		w.Println("func valueToString", g.local, "(v interface{}) string {")
		w.Lines("rv := reflect.ValueOf(v)", "if rv.IsNil() {", `return "nil"`, "}",
			"pv := reflect.Indirect(rv).Interface()", `return fmt.Sprintf("*%v", pv)`, "}")
	}
}

// msgString is how String prints a message value v of field f: through
// its own String when the file generates one for it, else through %v,
// with the type's name qualified as gogo qualifies it.
func (g *fileGen) msgString(f *fld, v string, stripAmp bool) string {
	full := g.typeName(f.msg)
	short := full[strings.LastIndex(full, ".")+1:]
	own := g.ownStringer(full)
	s := `fmt.Sprintf("%v", ` + v + `)`
	if own {
		s = v + ".String()"
	}
	s = `strings.Replace(` + s + `, "` + short + `","` + full + `", 1)`
	if stripAmp {
		s = "strings.Replace(" + s + ",`&`,``,1)"
	}
	return s
}

// ownStringer reports whether the type gogo names name is a message of
// this file that gets a generated String.
func (g *fileGen) ownStringer(name string) bool {
	for _, m := range g.msgs {
		if string(m.Desc.Name()) == name {
			return m.stringer
		}
	}
	return false
}

// repeatedString writes the loop that prints a repeated message field.
func (g *fileGen) repeatedString(w *output.GoFile, f *fld) {
	full := g.typeName(f.msg)
	short := full[strings.LastIndex(full, ".")+1:]
	own := g.ownStringer(full)
	v := "repeatedStringFor" + f.name
	star := ""
	if f.nullable {
		star = "*"
	}
	w.Println(v, ` := "[]`, star, short, `{"`)
	w.Println("for _, f := range this.", f.name, " {")
	switch {
	case f.nullable || own:
		w.Println(v, " += ", g.msgString(f, "f", !f.nullable), ` + ","`)
	default:
		w.Println(v, ` += fmt.Sprintf("%v", f) + ","`)
	}
	w.Println("}")
	w.Println(v, ` += "}"`)
}

// mapString writes the loop that prints a map field with sorted keys.
func (g *fileGen) mapString(w *output.GoFile, f *fld) {
	keyGo := g.bare(f.plain(0))
	keyAlias := g.bare(f.entry(0))
	keys, v, name := "keysFor"+f.name, "mapStringFor"+f.name, "this."+f.name
	w.Println(keys, " := make([]", keyGo, ", 0, len(", name, "))")
	w.Println("for k := range ", name, " {")
	if keyAlias == keyGo {
		w.Println(keys, " = append(", keys, ", k)")
	} else {
		w.Println(keys, " = append(", keys, ", ", keyGo, "(k))")
	}
	w.Println("}")
	w.Println("sort.", camelCase(keyGo), "s(", keys, ")")
	w.Println(v, ` := "`, g.mapTypes(f), `{"`)
	w.Println("for _, k := range ", keys, " {")
	idx := "k"
	if keyAlias != keyGo {
		idx = keyAlias + "(k)"
	}
	w.Println(v, ` += fmt.Sprintf("%v: %v,", k, `, name, "[", idx, "])")
	w.Println("}")
	w.Println(v, ` += "}"`)
}

// fieldString is the expression String prints for a field.
func (g *fileGen) fieldString(f *fld) string {
	name := "this." + f.name
	switch {
	case f.isMap():
		return "mapStringFor" + f.name
	case f.isMsg() && f.repeated():
		return "repeatedStringFor" + f.name
	case f.isMsg():
		return g.msgString(f, name, !f.nullable)
	case f.nullable && !f.repeated():
		return "valueToString" + g.local + "(" + name + ")"
	}
	return `fmt.Sprintf("%v", ` + name + `)`
}

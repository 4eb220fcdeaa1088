package featuregate

import (
	"fmt"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/output"
)

// Names of the file's shared declarations.
const (
	setType      = "generatedFeatureGatedFields"
	gatesVar     = "generatedFeatureGates"
	disabledFunc = "generatedDisabledFeatureGatedFields"
	gatesOfFunc  = "generatedFeatureGatesOf"
)

// mode is what a walker does: mark the sites set in an object, or clear
// the fields marked to drop.
type mode int

const (
	mark mode = iota
	drop
)

// emitter writes one package's file from its analysis.
type emitter struct {
	a   *analysis
	pkg string // the package's import path
}

func newEmitter(a *analysis, pkg string) *emitter { return &emitter{a: a, pkg: pkg} }

// The file is written in its final layout, but for doc comments, which
// gofmt lays out, as the jennifer code that wrote it before did. Packages
// are named as first written, which decides their import names.

func (e *emitter) file(f *output.GoFile, roots []*types.Type) {
	if len(roots) == 0 {
		return
	}
	e.shared(f)
	for _, t := range roots {
		e.exported(f, t)
	}
	var walked []*types.Type
	for t := range e.a.markReach {
		if e.a.markReach[t] {
			walked = append(walked, t)
		}
	}
	slices.SortFunc(walked, func(x, y *types.Type) int { return strings.Compare(e.walkerName(mark, x), e.walkerName(mark, y)) })
	for _, t := range walked {
		e.walker(f, mark, t)
		if e.a.dropReach[t] {
			e.walker(f, drop, t)
		}
	}
}

// shared writes the set type, the gates of each site, and the two
// functions that read them.
func (e *emitter) shared(f *output.GoFile) {
	n := len(e.a.sites)
	f.P("// %s holds a flag for each feature-gated field or value", setType)
	f.P("// below the package's types.")
	f.P("type %s [%d]bool", setType, n)
	f.P("")
	f.P("// %s are the gates of each entry of %s:", gatesVar, setType)
	for _, s := range e.a.sites {
		f.P("//   %d: %s", s.index, s)
	}
	f.P("var %s = [%d][]string{", gatesVar, n)
	for _, s := range e.a.sites {
		gates := make([]string, len(s.gates))
		for i, g := range s.gates {
			gates[i] = strconv.Quote(g)
		}
		f.P("{%s},", strings.Join(gates, ", "))
	}
	f.P("}")
	f.P("")
	f.P("// %s returns the entries not in use whose gates are", disabledFunc)
	f.P("// not all enabled.")
	f.P("func %s(enabled func(string) bool, inUse *%s) (disabled %s) {", disabledFunc, setType, setType)
	f.P("for i, gates := range %s {", gatesVar)
	f.P("if inUse[i] {\ncontinue\n}")
	f.P("for _, gate := range gates {")
	f.P("if !enabled(gate) {\ndisabled[i] = true\nbreak\n}")
	f.P("}\n}\nreturn disabled\n}")
	f.P("")
	f.P("// %s returns the sorted, distinct gates of the entries", gatesOfFunc)
	f.P("// set in inUse.")
	f.P("func %s(inUse *%s) []string {", gatesOfFunc, setType)
	f.P("var gates []string")
	f.P("for i, used := range inUse {")
	f.P("if used {\ngates = append(gates, %s[i]...)\n}\n}", gatesVar)
	f.P("%s(gates)", f.Qual("slices", "Sort"))
	f.P("return %s(gates)\n}", f.Qual("slices", "Compact"))
}

// exported writes DropDisabled<T>Fields, when t reaches a gated field, and
// <T>FeatureGatesInUse.
func (e *emitter) exported(f *output.GoFile, t *types.Type) {
	name := t.Name.Name
	ptr := "*" + e.typeCode(f, t)
	if e.a.dropReach[t] {
		fn := "DropDisabled" + name + "Fields"
		f.P("// %s clears each feature-gated field in obj whose gates are not all", fn)
		f.P("// enabled, unless old (nil on create) already uses that field anywhere.")
		f.P("// It changes nothing else.")
		f.P("func %s(enabled func(gate string) bool, obj, old %s) {", fn, ptr)
		f.P("var inUse %s", setType)
		f.P("%s(old, &inUse)", e.walkerName(mark, t))
		f.P("disabled := %s(enabled, &inUse)", disabledFunc)
		f.P("%s(obj, &disabled)\n}", e.walkerName(drop, t))
		f.P("")
	}
	fn := name + "FeatureGatesInUse"
	f.P("// %s returns the sorted, distinct feature gates of the gated", fn)
	f.P("// fields and values set in obj.")
	f.P("func %s(obj %s) []string {", fn, ptr)
	f.P("var inUse %s", setType)
	f.P("%s(obj, &inUse)", e.walkerName(mark, t))
	f.P("return %s(&inUse)\n}", gatesOfFunc)
	f.P("")
}

// walkerName names the function that marks or drops below struct t.
func (e *emitter) walkerName(md mode, t *types.Type) string {
	verb := "markFeatureGated"
	if md == drop {
		verb = "dropFeatureGated"
	}
	if t.Name.Package == e.pkg {
		return verb + "_" + t.Name.Name
	}
	return verb + "_" + packageIdent(t.Name.Package) + "_" + t.Name.Name
}

// walker writes the function that marks or drops in one struct and below.
func (e *emitter) walker(f *output.GoFile, md mode, t *types.Type) {
	arg := "inUse"
	doc := "// %s marks in inUse the gated fields and values set in obj."
	if md == drop {
		arg = "disabled"
		doc = "// %s clears, in obj and below, the fields marked in disabled."
	}
	name := e.walkerName(md, t)
	f.P(doc, name)
	f.P("func %s(obj *%s, %s *%s) {", name, e.typeCode(f, t), arg, setType)
	f.P("if obj == nil {\nreturn\n}")
	gated := map[int]*site{}
	for _, s := range e.a.fields[t] {
		gated[s.field] = s
	}
	for i, mem := range t.Members {
		if !token.IsExported(mem.Name) {
			continue
		}
		field := "obj." + mem.Name
		if s := gated[i]; s != nil {
			e.siteStmts(f, md, s, field, mem.Type)
		}
		e.visit(f, md, field, mem.Type, 0)
	}
	f.P("}")
	f.P("")
}

// siteStmts mark a gated field as set, or clear it when marked to drop.
func (e *emitter) siteStmts(f *output.GoFile, md mode, s *site, field string, t *types.Type) {
	f.P("// %s: +featureGate=%s", s.owner.Members[s.field].Name, strings.Join(s.gates, ","))
	if md == drop {
		f.P("if disabled[%d] {", s.index)
		f.P("%s = %s\n}", field, e.zero(f, t))
		return
	}
	f.P("if %s {", e.isSet(f, field, t))
	f.P("inUse[%d] = true\n}", s.index)
}

// visit walks a value x of type t: into a struct through its walker, into
// pointers, lists and map values, and compares an enum with its gated
// values. It writes nothing where nothing below x is gated.
func (e *emitter) visit(f *output.GoFile, md mode, x string, t *types.Type, depth int) {
	arg := "inUse"
	if md == drop {
		arg = "disabled"
	}
	if s := shape(t); s.Kind == types.Struct {
		if walkable(e.a.m, s) && e.reaches(md, s) {
			f.P("%s(&%s, %s)", e.walkerName(md, s), x, arg)
		}
		return
	}
	if md == mark {
		if vals := e.a.valuesOf(t); len(vals) > 0 && t.Kind == types.Alias {
			for _, v := range vals {
				f.P("// %s: +featureGate=%s", v.value.Name.Name, strings.Join(v.gates, ","))
				f.P("if %s == %s {", x, f.Qual(v.value.Name.Package, v.value.Name.Name))
				f.P("inUse[%d] = true\n}", v.index)
			}
			return
		}
	}
	s := shape(t)
	inner := f.Part()
	switch s.Kind {
	case types.Pointer:
		if st := shape(s.Elem); st.Kind == types.Struct {
			if walkable(e.a.m, st) && e.reaches(md, st) {
				f.P("%s(%s, %s)", e.walkerName(md, st), x, arg)
			}
			return
		}
		if e.visit(inner, md, "(*"+x+")", s.Elem, depth); inner.Len() > 0 {
			f.P("if %s != nil {", x)
		}
	case types.Slice, types.Array:
		i := loopVar("i", depth)
		if e.visit(inner, md, x+"["+i+"]", s.Elem, depth+1); inner.Len() > 0 {
			f.P("for %s := range %s {", i, x)
		}
	case types.Map:
		k, v := loopVar("k", depth), loopVar("v", depth)
		e.visit(inner, md, v, s.Elem, depth+1)
		switch {
		case inner.Len() == 0:
		case md == drop && !isReference(s.Elem):
			// A map value is a copy: write it back.
			inner.P("%s[%s] = %s", x, k, v)
			f.P("for %s, %s := range %s {", k, v, x)
		default:
			f.P("for _, %s := range %s {", v, x)
		}
	}
	if inner.Len() > 0 {
		f.Append(inner)
		f.P("}")
	}
}

// reaches reports whether a walker of the mode exists for struct t.
func (e *emitter) reaches(md mode, t *types.Type) bool {
	if md == drop {
		return e.a.dropReach[t]
	}
	return e.a.markReach[t]
}

// isSet is the condition under which a field x counts as in use.
func (e *emitter) isSet(f *output.GoFile, x string, t *types.Type) string {
	s := shape(t)
	switch s.Kind {
	case types.Pointer, types.Interface, types.Func, types.Chan:
		return x + " != nil"
	case types.Slice, types.Map:
		return "len(" + x + ") != 0"
	case types.Builtin:
		switch {
		case s.Name.Name == "bool":
			return x
		case s.Name.Name == "string":
			return x + ` != ""`
		default:
			return x + " != 0"
		}
	}
	return "!" + f.Qual("reflect", "ValueOf") + "(" + x + ").IsZero()"
}

// zero is the value that clears a field of type t.
func (e *emitter) zero(f *output.GoFile, t *types.Type) string {
	s := shape(t)
	switch s.Kind {
	case types.Pointer, types.Slice, types.Map, types.Interface, types.Func, types.Chan:
		return "nil"
	case types.Builtin:
		switch s.Name.Name {
		case "bool":
			return "false"
		case "string":
			return `""`
		}
		return "0"
	}
	return e.typeCode(f, t) + "{}"
}

// typeCode names a named type, qualified when another package declares it.
func (e *emitter) typeCode(f *output.GoFile, t *types.Type) string {
	return f.Qual(t.Name.Package, t.Name.Name)
}

// isReference reports whether changing a value of type t through a copy
// changes the original: pointers, slices and maps.
func isReference(t *types.Type) bool {
	switch shape(t).Kind {
	case types.Pointer, types.Slice, types.Map:
		return true
	}
	return false
}

func loopVar(base string, depth int) string {
	if depth == 0 {
		return base
	}
	return fmt.Sprintf("%s%d", base, depth)
}

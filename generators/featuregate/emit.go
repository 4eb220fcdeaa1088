package featuregate

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	"k8s.io/gengo/v2/types"
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

func (e *emitter) file(f *jen.File, roots []*types.Type) {
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
func (e *emitter) shared(f *jen.File) {
	n := len(e.a.sites)
	f.Commentf("%s holds a flag for each feature-gated field or value", setType)
	f.Comment("below the package's types.")
	f.Type().Id(setType).Index(jen.Lit(n)).Bool()
	f.Line()
	f.Commentf("%s are the gates of each entry of %s:", gatesVar, setType)
	for _, s := range e.a.sites {
		f.Commentf("  %d: %s", s.index, s)
	}
	f.Var().Id(gatesVar).Op("=").Index(jen.Lit(n)).Index().String().ValuesFunc(func(g *jen.Group) {
		for _, s := range e.a.sites {
			g.Line().ValuesFunc(func(g *jen.Group) {
				for _, gate := range s.gates {
					g.Lit(gate)
				}
			})
		}
		g.Line()
	})
	f.Line()
	f.Commentf("%s returns the entries not in use whose gates are", disabledFunc)
	f.Comment("not all enabled.")
	f.Func().Id(disabledFunc).Params(jen.Id("enabled").Func().Params(jen.String()).Bool(), jen.Id("inUse").Op("*").Id(setType)).
		Params(jen.Id("disabled").Id(setType)).Block(
		jen.For(jen.List(jen.Id("i"), jen.Id("gates")).Op(":=").Range().Id(gatesVar)).Block(
			jen.If(jen.Id("inUse").Index(jen.Id("i"))).Block(jen.Continue()),
			jen.For(jen.List(jen.Id("_"), jen.Id("gate")).Op(":=").Range().Id("gates")).Block(
				jen.If(jen.Op("!").Id("enabled").Call(jen.Id("gate"))).Block(
					jen.Id("disabled").Index(jen.Id("i")).Op("=").True(),
					jen.Break(),
				),
			),
		),
		jen.Return(jen.Id("disabled")),
	)
	f.Line()
	f.Commentf("%s returns the sorted, distinct gates of the entries", gatesOfFunc)
	f.Comment("set in inUse.")
	f.Func().Id(gatesOfFunc).Params(jen.Id("inUse").Op("*").Id(setType)).Index().String().Block(
		jen.Var().Id("gates").Index().String(),
		jen.For(jen.List(jen.Id("i"), jen.Id("used")).Op(":=").Range().Id("inUse")).Block(
			jen.If(jen.Id("used")).Block(
				jen.Id("gates").Op("=").Append(jen.Id("gates"), jen.Id(gatesVar).Index(jen.Id("i")).Op("...")),
			),
		),
		jen.Qual("slices", "Sort").Call(jen.Id("gates")),
		jen.Return(jen.Qual("slices", "Compact").Call(jen.Id("gates"))),
	)
}

// exported writes DropDisabled<T>Fields, when t reaches a gated field, and
// <T>FeatureGatesInUse.
func (e *emitter) exported(f *jen.File, t *types.Type) {
	name := t.Name.Name
	ptr := jen.Op("*").Add(e.typeCode(t))
	if e.a.dropReach[t] {
		fn := "DropDisabled" + name + "Fields"
		f.Commentf("%s clears each feature-gated field in obj whose gates are not all", fn)
		f.Comment("enabled, unless old (nil on create) already uses that field anywhere.")
		f.Comment("It changes nothing else.")
		f.Func().Id(fn).Params(jen.Id("enabled").Func().Params(jen.Id("gate").String()).Bool(), jen.List(jen.Id("obj"), jen.Id("old")).Add(ptr)).Block(
			jen.Var().Id("inUse").Id(setType),
			jen.Id(e.walkerName(mark, t)).Call(jen.Id("old"), jen.Op("&").Id("inUse")),
			jen.Id("disabled").Op(":=").Id(disabledFunc).Call(jen.Id("enabled"), jen.Op("&").Id("inUse")),
			jen.Id(e.walkerName(drop, t)).Call(jen.Id("obj"), jen.Op("&").Id("disabled")),
		)
		f.Line()
	}
	fn := name + "FeatureGatesInUse"
	f.Commentf("%s returns the sorted, distinct feature gates of the gated", fn)
	f.Comment("fields and values set in obj.")
	f.Func().Id(fn).Params(jen.Id("obj").Add(ptr)).Index().String().Block(
		jen.Var().Id("inUse").Id(setType),
		jen.Id(e.walkerName(mark, t)).Call(jen.Id("obj"), jen.Op("&").Id("inUse")),
		jen.Return(jen.Id(gatesOfFunc).Call(jen.Op("&").Id("inUse"))),
	)
	f.Line()
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
func (e *emitter) walker(f *jen.File, md mode, t *types.Type) {
	arg := "inUse"
	doc := "%s marks in inUse the gated fields and values set in obj."
	if md == drop {
		arg = "disabled"
		doc = "%s clears, in obj and below, the fields marked in disabled."
	}
	var body []jen.Code
	body = append(body, jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return()))
	gated := map[int]*site{}
	for _, s := range e.a.fields[t] {
		gated[s.field] = s
	}
	for i, mem := range t.Members {
		if !token.IsExported(mem.Name) {
			continue
		}
		field := jen.Id("obj").Dot(mem.Name)
		if s := gated[i]; s != nil {
			body = append(body, e.siteStmts(md, s, field, mem.Type)...)
		}
		body = append(body, e.visit(md, field, mem.Type, 0)...)
	}
	name := e.walkerName(md, t)
	f.Commentf(doc, name)
	f.Func().Id(name).Params(jen.Id("obj").Op("*").Add(e.typeCode(t)), jen.Id(arg).Op("*").Id(setType)).Block(body...)
	f.Line()
}

// siteStmts mark a gated field as set, or clear it when marked to drop.
func (e *emitter) siteStmts(md mode, s *site, field *jen.Statement, t *types.Type) []jen.Code {
	comment := jen.Commentf("%s: +featureGate=%s", s.owner.Members[s.field].Name, strings.Join(s.gates, ","))
	if md == drop {
		return []jen.Code{comment, jen.If(jen.Id("disabled").Index(jen.Lit(s.index))).Block(
			jen.Add(field).Op("=").Add(e.zero(t)),
		)}
	}
	return []jen.Code{comment, jen.If(e.isSet(field, t)).Block(
		jen.Id("inUse").Index(jen.Lit(s.index)).Op("=").True(),
	)}
}

// visit walks a value x of type t: into a struct through its walker, into
// pointers, lists and map values, and compares an enum with its gated
// values.
func (e *emitter) visit(md mode, x *jen.Statement, t *types.Type, depth int) []jen.Code {
	arg := jen.Id("inUse")
	if md == drop {
		arg = jen.Id("disabled")
	}
	if s := shape(t); s.Kind == types.Struct {
		if walkable(e.a.m, s) && e.reaches(md, s) {
			return []jen.Code{jen.Id(e.walkerName(md, s)).Call(jen.Op("&").Add(x), arg)}
		}
		return nil
	}
	if md == mark {
		if vals := e.a.valuesOf(t); len(vals) > 0 && t.Kind == types.Alias {
			var out []jen.Code
			for _, v := range vals {
				out = append(out, jen.Commentf("%s: +featureGate=%s", v.value.Name.Name, strings.Join(v.gates, ",")),
					jen.If(jen.Add(x).Op("==").Add(e.qual(v.value))).Block(
						jen.Id("inUse").Index(jen.Lit(v.index)).Op("=").True(),
					))
			}
			return out
		}
	}
	s := shape(t)
	switch s.Kind {
	case types.Pointer:
		if st := shape(s.Elem); st.Kind == types.Struct {
			if walkable(e.a.m, st) && e.reaches(md, st) {
				return []jen.Code{jen.Id(e.walkerName(md, st)).Call(x, arg)}
			}
			return nil
		}
		inner := e.visit(md, jen.Parens(jen.Op("*").Add(x)), s.Elem, depth)
		if len(inner) == 0 {
			return nil
		}
		return []jen.Code{jen.If(jen.Add(x).Op("!=").Nil()).Block(inner...)}
	case types.Slice, types.Array:
		i := loopVar("i", depth)
		inner := e.visit(md, jen.Add(x).Index(jen.Id(i)), s.Elem, depth+1)
		if len(inner) == 0 {
			return nil
		}
		return []jen.Code{jen.For(jen.Id(i).Op(":=").Range().Add(x)).Block(inner...)}
	case types.Map:
		k, v := loopVar("k", depth), loopVar("v", depth)
		inner := e.visit(md, jen.Id(v), s.Elem, depth+1)
		if len(inner) == 0 {
			return nil
		}
		if md == drop && !isReference(s.Elem) {
			// A map value is a copy: write it back.
			inner = append(inner, jen.Add(x).Index(jen.Id(k)).Op("=").Id(v))
			return []jen.Code{jen.For(jen.List(jen.Id(k), jen.Id(v)).Op(":=").Range().Add(x)).Block(inner...)}
		}
		return []jen.Code{jen.For(jen.List(jen.Id("_"), jen.Id(v)).Op(":=").Range().Add(x)).Block(inner...)}
	}
	return nil
}

// reaches reports whether a walker of the mode exists for struct t.
func (e *emitter) reaches(md mode, t *types.Type) bool {
	if md == drop {
		return e.a.dropReach[t]
	}
	return e.a.markReach[t]
}

// isSet is the condition under which a field counts as in use.
func (e *emitter) isSet(x *jen.Statement, t *types.Type) jen.Code {
	s := shape(t)
	switch s.Kind {
	case types.Pointer, types.Interface, types.Func, types.Chan:
		return jen.Add(x).Op("!=").Nil()
	case types.Slice, types.Map:
		return jen.Len(x).Op("!=").Lit(0)
	case types.Builtin:
		switch {
		case s.Name.Name == "bool":
			return x
		case s.Name.Name == "string":
			return jen.Add(x).Op("!=").Lit("")
		default:
			return jen.Add(x).Op("!=").Lit(0)
		}
	}
	return jen.Op("!").Qual("reflect", "ValueOf").Call(x).Dot("IsZero").Call()
}

// zero is the value that clears a field of type t.
func (e *emitter) zero(t *types.Type) jen.Code {
	s := shape(t)
	switch s.Kind {
	case types.Pointer, types.Slice, types.Map, types.Interface, types.Func, types.Chan:
		return jen.Nil()
	case types.Builtin:
		switch s.Name.Name {
		case "bool":
			return jen.False()
		case "string":
			return jen.Lit("")
		}
		return jen.Lit(0)
	}
	return jen.Add(e.typeCode(t)).Values()
}

// typeCode names a named type, qualified when another package declares it.
func (e *emitter) typeCode(t *types.Type) *jen.Statement {
	return jen.Qual(t.Name.Package, t.Name.Name)
}

// qual names a constant.
func (e *emitter) qual(c *types.Type) *jen.Statement {
	return jen.Qual(c.Name.Package, c.Name.Name)
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

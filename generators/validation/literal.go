package validation

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"k8s.io/gengo/v2/types"

	v "github.com/apigen-dev/apigen/generators/validation/validators"
)

// cohorts groups calls by cohort, the unnamed one first and the others in
// order of first appearance, with short-circuit calls first in each.
func cohorts(in []v.FunctionGen) [][]v.FunctionGen {
	var order []string
	by := map[string][]v.FunctionGen{}
	for _, fg := range in {
		if _, seen := by[fg.Cohort]; !seen && fg.Cohort != "" {
			order = append(order, fg.Cohort)
		}
		by[fg.Cohort] = append(by[fg.Cohort], fg)
	}
	if len(by[""]) > 0 {
		order = append([]string{""}, order...)
	}
	var out [][]v.FunctionGen
	for _, name := range order {
		var first, rest []v.FunctionGen
		for _, fg := range by[name] {
			if fg.Flags.IsSet(v.ShortCircuit) {
				first = append(first, fg)
			} else {
				rest = append(rest, fg)
			}
		}
		out = append(out, append(first, rest...))
	}
	return out
}

// lastShortCircuit is the index of the last short-circuit call, or -1.
func lastShortCircuit(fgs []v.FunctionGen) int {
	last := -1
	for i, fg := range fgs {
		if fg.Flags.IsSet(v.ShortCircuit) {
			last = i
		}
	}
	return last
}

// calls writes the calls of one place, cohort by cohort, appending their
// errors to errs.
func (e *emitter) calls(fgs []v.FunctionGen) {
	for _, cohort := range cohorts(fgs) {
		if name := cohort[0].Cohort; name != "" {
			e.w.Printf("func() { // cohort = \"%s\"\n", name)
		}
		last := lastShortCircuit(cohort)
		if last >= 0 {
			e.w.Print("earlyReturn := false\n")
		}
		for i, fg := range cohort {
			for _, c := range fg.Comments {
				e.w.Printf("// %s\n", c)
			}
			short, nonErr := fg.Flags.IsSet(v.ShortCircuit), fg.Flags.IsSet(v.NonError)
			switch {
			case short:
				e.shortCircuit(func() { e.guardedCall(fg) }, nonErr, i == last, " // do not proceed")
			case nonErr:
				e.guardedCall(fg)
			default:
				e.w.Print("if e := ")
				e.guardedCall(fg)
				e.w.Print("; len(e) != 0 {\nerrs = append(errs, e...)\n}\n")
			}
		}
		if cohort[0].Cohort != "" {
			e.w.Print("}()\n")
		}
	}
}

// shortCircuit writes a short-circuiting call: its errors, unless it is
// a non-error one, go to errs, and any error sets earlyReturn; after the
// last such call of a group, earlyReturn returns, followed by ret.
func (e *emitter) shortCircuit(call func(), nonErr, last bool, ret string) {
	e.w.Print("if e := ")
	call()
	e.w.Print("; len(e) != 0 {\n")
	if !nonErr {
		e.w.Print("errs = append(errs, e...)\n")
	}
	e.w.Print("earlyReturn = true\n}\n")
	if last {
		e.w.Print("if earlyReturn {\nreturn" + ret + "\n}\n")
	}
}

// guardedCall writes a call with the standard arguments, wrapped in the
// option checks its conditions ask for.
func (e *emitter) guardedCall(fg v.FunctionGen) {
	c := fg.Conditions
	if c.Empty() {
		e.stdCall(fg)
		return
	}
	e.w.Printf("func() %s {\n", e.rn(nmErrorList))
	lookup := func(varName, option string) {
		q := strconv.Quote(option)
		e.w.Printf("%s, defined := op.HasOption(%s)\n", varName, q)
		e.w.Printf("if !defined {\nreturn %s{%s(fldPath, %s(\"undefined validation option %%q\", %s))}\n}\n",
			e.rn(nmErrorList), e.rn(nmInternalError), e.rn(nmErrorf), q)
	}
	var conds []string
	if c.OptionEnabled != "" {
		lookup("optionEnabled", c.OptionEnabled)
		conds = append(conds, "optionEnabled")
	}
	if c.OptionDisabled != "" {
		lookup("optionDisabled", c.OptionDisabled)
		conds = append(conds, "!optionDisabled")
	}
	e.w.Printf("if %s {\nreturn ", strings.Join(conds, " && "))
	e.stdCall(fg)
	e.w.Print("\n}\nreturn nil // skip validation\n}()")
}

// stdCall writes fg called on (ctx, op, fldPath, obj, oldObj) and its
// arguments, with its stability and short-circuit marks.
func (e *emitter) stdCall(fg v.FunctionGen) {
	e.w.Print(e.fn(fg.Function))
	e.typeArgs(fg.TypeArgs)
	e.w.Print("(ctx, op, fldPath, obj, oldObj")
	for _, a := range fg.Args {
		e.w.Print(", ")
		e.literal(a, true)
	}
	e.w.Print(")")
	e.level(fg.StabilityLevel)
	if fg.Flags.IsSet(v.ShortCircuit) {
		e.w.Print(".MarkShortCircuit()")
	}
}

func (e *emitter) level(l v.ValidationStabilityLevel) {
	switch l {
	case v.ValidationStabilityLevelAlpha:
		e.w.Print(".MarkAlpha()")
	case v.ValidationStabilityLevelBeta:
		e.w.Print(".MarkBeta()")
	}
}

func (e *emitter) typeArgs(names []types.Name) {
	if len(names) == 0 {
		return
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = e.rn(n)
	}
	e.w.Printf("[%s]", strings.Join(parts, ","))
}

// call writes fg called on leading and its own arguments.
func (e *emitter) call(fg v.FunctionGen, leading ...string) {
	e.w.Print(e.fn(fg.Function))
	e.typeArgs(fg.TypeArgs)
	e.w.Print("(" + strings.Join(leading, ", "))
	if len(leading) > 0 && len(fg.Args) > 0 {
		e.w.Print(", ")
	}
	for i, a := range fg.Args {
		if i > 0 {
			e.w.Print(", ")
		}
		e.literal(a, true)
	}
	e.w.Print(")")
	e.level(fg.StabilityLevel)
}

var stdArgs = []string{"ctx", "op", "fldPath", "obj", "oldObj"}

// funcHead writes the head of a func literal with the signature of a
// validation function for values of t.
func (e *emitter) funcHead(t *types.Type, nl bool) {
	pfx := "*"
	if v.IsNilableType(t) {
		pfx = ""
	}
	if nl {
		e.w.Print("\n")
	}
	e.w.Printf("func(ctx %s, op %s, fldPath *%s, obj, oldObj %s%s) %s {\n",
		e.rn(nmContext), e.rn(nmOperation), e.rn(nmPath), pfx, e.w.Name(t), e.rn(nmErrorList))
}

// literal writes a value as Go source. nl allows line breaks in
// composite values.
func (e *emitter) literal(val any, nl bool) {
	switch x := val.(type) {
	case uint, uint8, uint16, uint32, uint64, int, int8, int16, int32, int64, float32, float64, bool:
		e.w.Printf("%v", x)
	case string:
		if s, err := strconv.Unquote(x); err == nil {
			x = s
		}
		e.w.Printf("%q", x)
	case *types.Type:
		e.w.Print(e.w.Name(x))
	case types.Member:
		e.w.Print("obj." + x.Name)
	case *types.Member:
		e.w.Print("obj." + x.Name)
	case v.Identifier:
		e.w.Print(e.rn(types.Name(x)))
	case *v.Identifier:
		e.w.Print(e.rn(types.Name(*x)))
	case v.PrivateVar:
		e.w.Print(e.private.Name(e.typeOf(types.Name(x))))
	case *v.PrivateVar:
		e.w.Print(e.private.Name(e.typeOf(types.Name(*x))))
	case v.Literal:
		e.w.Print(string(x))
	case v.WrapperFunction:
		e.wrapper(x, nl)
	case v.MultiWrapperFunction:
		e.multiWrapper(x, nl)
	case v.FunctionGen:
		for _, c := range x.Comments {
			e.w.Printf("// %s\\n", c) // upstream writes a literal \n here
		}
		e.call(x)
	case v.FunctionLiteral:
		e.funcLiteral(x, nl)
	case v.StructLiteral:
		e.structLiteral(x, nl)
	case v.SliceLiteral:
		e.sliceLiteral(x, nl)
	default:
		e.array(val, nl)
	}
}

func (e *emitter) wrapper(x v.WrapperFunction, nl bool) {
	if len(x.Function.Args) == 0 {
		for _, c := range x.Function.Comments {
			e.w.Printf("// %s\n", c)
		}
		e.w.Print(e.fn(x.Function.Function))
		return
	}
	e.funcHead(x.ObjType, nl)
	e.w.Print("return ")
	e.call(x.Function, stdArgs...)
	e.w.Print("\n}")
}

func (e *emitter) multiWrapper(x v.MultiWrapperFunction, nl bool) {
	e.funcHead(x.ObjType, nl)
	e.w.Printf("errs := %s{}\n", e.rn(nmErrorList))
	last := lastShortCircuit(x.Functions)
	if last >= 0 {
		e.w.Print("earlyReturn := false\n")
	}
	for i, fg := range x.Functions {
		nonErr := fg.Flags.IsSet(v.NonError)
		switch {
		case fg.Flags.IsSet(v.ShortCircuit):
			e.shortCircuit(func() { e.call(fg, stdArgs...) }, nonErr, i == last, " errs")
		case nonErr:
			e.call(fg, stdArgs...)
		default:
			e.w.Print("errs = append(errs, ")
			e.call(fg, stdArgs...)
			e.w.Print("...)\n")
		}
	}
	e.w.Print("return errs\n}")
}

func (e *emitter) funcLiteral(x v.FunctionLiteral, nl bool) {
	if nl {
		e.w.Print("\n")
	}
	params := make([]string, len(x.Parameters))
	for i, p := range x.Parameters {
		params[i] = p.Name + " " + e.w.Name(p.Type)
	}
	e.w.Printf("func(%s)", strings.Join(params, ", "))
	results := make([]string, len(x.Results))
	for i, r := range x.Results {
		results[i] = r.Name + " " + e.w.Name(r.Type)
	}
	if len(results) > 1 {
		e.w.Printf(" (%s)", strings.Join(results, ", "))
	} else {
		e.w.Print(strings.Join(results, ""))
	}
	e.w.Printf(" { %s }", x.Body)
}

// typeArgList writes [A, B] after a composite literal's type.
func (e *emitter) typeArgList(ts []*types.Type) {
	if len(ts) == 0 {
		return
	}
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = e.w.Name(t)
	}
	e.w.Printf("[%s]", strings.Join(parts, ", "))
}

func (e *emitter) structLiteral(x v.StructLiteral, nl bool) {
	if nl {
		e.w.Print("\n")
	}
	e.w.Print(e.rn(x.Type))
	e.typeArgList(x.TypeArgs)
	e.w.Print("{")
	if nl {
		e.w.Print("\n")
	}
	for _, f := range x.Fields {
		e.w.Print(f.Name + ": ")
		e.literal(f.Value, nl)
		e.w.Print(",")
		if nl {
			e.w.Print("\n")
		}
	}
	e.w.Print("}")
}

func (e *emitter) sliceLiteral(x v.SliceLiteral, nl bool) {
	if nl {
		e.w.Print("\n")
	}
	e.w.Print("[]" + e.rn(x.ElementType))
	e.typeArgList(x.ElementTypeArgs)
	e.w.Print("{")
	if nl {
		e.w.Print("\n")
	}
	for _, el := range x.Elements {
		e.literal(el, nl)
		e.w.Print(",")
		if nl {
			e.w.Print("\n")
		}
	}
	e.w.Print("}")
}

// array writes a Go array of strings; nothing else is expected here.
func (e *emitter) array(val any, nl bool) {
	rv := reflect.ValueOf(val)
	if rv.Kind() != reflect.Array || rv.Type().Elem().Kind() != reflect.String {
		panic(fmt.Sprintf("Unsupported extraArg type: %T", val))
	}
	e.w.Printf("[%d]%s{", rv.Len(), rv.Type().Elem().Name())
	for i := range rv.Len() {
		if i > 0 {
			e.w.Print(", ")
		}
		e.literal(rv.Index(i).Interface(), nl)
	}
	e.w.Print("}")
}

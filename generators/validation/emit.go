package validation

import (
	"slices"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	v "github.com/apigen-dev/apigen/generators/validation/validators"
	"github.com/apigen-dev/apigen/output"
)

// Packages and names the generated code refers to.
const (
	fieldPkg     = "k8s.io/apimachinery/pkg/util/validation/field"
	safePkg      = "k8s.io/apimachinery/pkg/api/safe"
	operationPkg = "k8s.io/apimachinery/pkg/api/operation"
	equalityPkg  = "k8s.io/apimachinery/pkg/api/equality"
)

var (
	nmErrorList     = types.Name{Package: fieldPkg, Name: "ErrorList"}
	nmInternalError = types.Name{Package: fieldPkg, Name: "InternalError"}
	nmPath          = types.Name{Package: fieldPkg, Name: "Path"}
	nmErrorf        = types.Name{Package: "fmt", Name: "Errorf"}
	nmSafeField     = types.Name{Package: safePkg, Name: "Field"}
	nmSafeCast      = types.Name{Package: safePkg, Name: "Cast"}
	nmSafeValue     = types.Name{Package: safePkg, Name: "Value"}
	nmOperation     = types.Name{Package: operationPkg, Name: "Operation"}
	nmUpdate        = types.Name{Package: operationPkg, Name: "Update"}
	nmContext       = types.Name{Package: "context", Name: "Context"}
	nmSemantic      = types.Name{Package: equalityPkg, Name: "Semantic"}
)

// emitter writes the body of one package's file.
type emitter struct {
	disc      *discoverer
	out, in   string // the package written to, and the one whose types it validates
	canon     map[string]string
	w         *output.GoFile // what is written: the file, or a part of it
	private   namer.Namer
	public    namer.Namer
	hasValMem map[*node]bool
}

// typeOf returns a type to name n by, without adding to the universe.
func (e *emitter) typeOf(n types.Name) *types.Type {
	if p := e.disc.m.Universe[n.Package]; p != nil {
		if t := p.Types[n.Name]; t != nil {
			return t
		}
	}
	if n.Package == "" {
		// A universe of its own knows the builtins, as upstream's does.
		return types.Universe{}.Type(n)
	}
	return &types.Type{Name: n}
}

// rn spells a name as the file refers to it, importing its package.
func (e *emitter) rn(n types.Name) string { return e.w.Name(e.typeOf(n)) }

// fn spells a function, resolved to the package that holds it for this file.
func (e *emitter) fn(n types.Name) string { return e.rn(e.resolve(n)) }

// resolve maps a validation function of a handled package to the package
// it is generated in: this file's for its own input, else the input's
// canonical package.
func (e *emitter) resolve(n types.Name) types.Name {
	if n.Package == e.in {
		n.Package = e.out
	} else if p, ok := e.canon[n.Package]; ok {
		n.Package = p
	}
	return n
}

// hasValidations reports whether n validates anything, transitively.
func (e *emitter) hasValidations(n *node) bool {
	if n == nil {
		return false
	}
	if r, ok := e.hasValMem[n]; ok {
		return r
	}
	r := validates(n, map[*node]bool{})
	e.hasValMem[n] = r
	return r
}

func validates(n *node, seen map[*node]bool) bool {
	if n == nil || seen[n] {
		return false
	}
	seen[n] = true
	if n.own.HasEmitable() {
		return true
	}
	if n.own.OpaqueType {
		return false
	}
	if n.underlying != nil {
		if n.keyIter.HasEmitable() && validates(n.keyNode(), seen) {
			return true
		}
		if n.valIter.HasEmitable() && validates(n.elemNode(), seen) {
			return true
		}
		if validates(n.underlying.node, seen) {
			return true
		}
	}
	for _, c := range n.fields {
		if c.own.HasEmitable() {
			return true
		}
		if c.keyIter.HasEmitable() && c.node != nil && validates(c.node.keyNode(), seen) {
			return true
		}
		if c.valIter.HasEmitable() && c.node != nil && validates(c.node.elemNode(), seen) {
			return true
		}
		if validates(c.node, seen) {
			return true
		}
	}
	return false
}

// register writes RegisterValidations for the roots that validate.
func (e *emitter) register(roots []*types.Type, scheme types.Name) {
	var targets []*types.Type
	for _, t := range roots {
		if e.hasValidations(e.disc.nodes[t]) {
			targets = append(targets, t)
		}
	}
	if len(targets) == 0 {
		return
	}
	e.w.Print("func init() { localSchemeBuilder.Register(RegisterValidations)}\n\n")
	e.w.Print("// RegisterValidations adds validation functions to the given scheme.\n")
	e.w.Print("// Public to allow building arbitrary schemes.\n")
	e.w.Printf("func RegisterValidations(scheme %s) error {\n", e.w.Name(types.PointerTo(e.typeOf(scheme))))
	for _, t := range targets {
		pfx := "*"
		if v.IsNilableType(t) {
			pfx = ""
		}
		rt := e.w.Name(t)
		e.w.Printf("// type %s\n", e.public.Name(t))
		e.w.Print("scheme.AddValidationFunc(\n")
		e.w.Printf("(%s%s)(nil),\n", pfx, rt)
		e.w.Printf("func(ctx context.Context, op %s, obj, oldObj interface{}) %s {\n", e.rn(nmOperation), e.rn(nmErrorList))
		e.w.Print("switch op.Request.SubresourcePath() {\n")
		e.w.Printf("case %s:\n", strings.Join(subresources(t), ", "))
		e.w.Printf("return Validate_%s(\nctx, op, nil /* fldPath */,\nobj.(%s%s),\n%s[%s%s](oldObj))\n", t.Name.Name, pfx, rt, e.rn(nmSafeCast), pfx, rt)
		e.w.Print("}\n")
		e.w.Printf("return %s{\n", e.rn(nmErrorList))
		e.w.Printf("%s(nil, %s(\"no validation found for %%T, subresource: %%v\", obj, op.Request.SubresourcePath())),\n", e.rn(nmInternalError), e.rn(nmErrorf))
		e.w.Print("}\n})\n")
	}
	e.w.Print("return nil\n}\n\n")
}

// subresources are the quoted subresource paths a root type is validated
// for, sorted.
func subresources(t *types.Type) []string {
	lines := append(slices.Clone(t.SecondClosestCommentLines), t.CommentLines...)
	set := sets.New[string]()
	for _, tag := range parseTags(lines, supportsSubTag) {
		set.Insert(tag.Value)
	}
	if is := parseTags(lines, isSubresourceTag); len(is) > 0 {
		set.Insert(is[0].Value)
	} else {
		set.Insert("/")
	}
	out := sets.List(set)
	for i, s := range out {
		out[i] = strconv.Quote(s)
	}
	return out
}

// parseTags parses the tags named name among lines; malformed ones, which
// the marker registry reports, are left out.
func parseTags(lines []string, name string) []codetags.Tag {
	found := codetags.Extract("+", lines)[name]
	tags, err := codetags.ParseAll(found)
	if err != nil {
		return nil
	}
	return tags
}

// typeFunc writes Validate_<T>, if T validates anything.
func (e *emitter) typeFunc(t *types.Type) {
	n := e.disc.nodes[t]
	if !e.hasValidations(n) {
		return
	}
	pfx := "*"
	if v.IsNilableType(t) {
		pfx = ""
	}
	e.w.Printf("// Validate_%s validates an instance of %s according\n", t.Name.Name, e.public.Name(t))
	e.w.Print("// to declarative validation rules in the API schema.\n")
	e.w.Printf("func Validate_%s(\n", t.Name.Name)
	e.w.Printf("ctx %s, op %s, fldPath *%s,\n", e.rn(nmContext), e.rn(nmOperation), e.rn(nmPath))
	e.w.Printf("obj, oldObj %s%s) (errs %s) {\n\n", pfx, e.w.Name(t), e.rn(nmErrorList))
	e.value(&edge{node: n, t: t})
	e.w.Print("return errs\n}\n\n")
}

// value writes the checks of a value, reached through c, whose pair is
// obj and oldObj: the type's own tags, then what it holds.
func (e *emitter) value(c *edge) {
	n := c.node
	if n == nil {
		return
	}
	wrote := false
	if !n.own.Empty() {
		e.comments(n.own.Comments)
		e.calls(n.own.Functions)
		e.w.Print("\n")
		wrote = true
	}
	if !n.keyIter.Empty() && e.hasValidations(n.keyNode()) {
		e.comments(n.keyIter.Comments)
		e.calls(n.keyIter.Functions)
		e.w.Print("\n")
		wrote = true
	}
	if !n.valIter.Empty() && e.hasValidations(n.elemNode()) {
		e.comments(n.valIter.Comments)
		e.calls(n.valIter.Functions)
		e.w.Print("\n")
		wrote = true
	}
	if n.own.OpaqueType {
		return
	}
	switch n.t.Kind {
	case types.Alias:
		e.value(n.underlying)
	case types.Struct:
		for _, f := range n.fields {
			e.structField(n, f, wrote)
			wrote = true
		}
	}
}

// structField writes the closure that checks one field, or a comment
// saying there is nothing to check.
func (e *emitter) structField(parent *node, f *edge, sep bool) {
	body := e.fieldBody(f)
	if body.Len() == 0 {
		e.w.Printf("// field %s.%s has no validation\n", e.w.Name(parent.t), f.name)
		return
	}
	leaf, tpfx, xpfx := leafOf(f.t)
	if sep {
		e.w.Print("\n")
	}
	in := e.w.Name(parent.t)
	e.w.Printf("{ // field %s.%s\n", in, f.name)
	e.w.Printf("fn := func(\nfldPath *%s,\nobj, oldObj %s%s,\noldValueCorrelated bool) (errs %s) {\n", e.rn(nmPath), tpfx, e.w.Name(leaf), e.rn(nmErrorList))
	e.w.Append(body)
	e.w.Print("return\n}\n")
	e.w.Printf("oldVal := %s(oldObj,\nfunc(oldObj *%s) %s%s {\nreturn %soldObj.%s\n})\n", e.rn(nmSafeField), in, tpfx, e.w.Name(leaf), xpfx, f.name)
	e.w.Print("errs = append(errs, fn(")
	if f.json != "" {
		e.w.Printf("fldPath.Child(%q), ", f.json)
	} else {
		e.w.Printf("%s(fldPath, func() *%s { return fldPath.Child(\"%s\") }), ", e.rn(nmSafeValue), e.rn(nmPath), e.w.Name(leaf))
	}
	e.w.Printf("%sobj.%s, oldVal, oldObj != nil)...)\n}\n\n", xpfx, f.name)
}

// fieldBody returns the checks inside a field's closure, written apart.
func (e *emitter) fieldBody(f *edge) *output.GoFile {
	saved := e.w
	e.w = saved.Part()
	defer func() { e.w = saved }()

	if nt := v.NativeType(f.t); nt.Kind == types.Slice && nt.Elem.Kind == types.Pointer {
		below := f.node != nil && e.hasValidations(f.node)
		if len(f.own.Functions) > 0 || below {
			f.own.Functions = append([]v.FunctionGen{v.PtrSliceNoNils(nt.Elem.Elem.Name)}, f.own.Functions...)
		}
	}
	ratcheted := false
	ratchet := func() {
		if !ratcheted {
			e.ratchet(f.t)
			ratcheted = true
		}
	}
	if !f.own.Empty() {
		e.comments(f.own.Comments)
		if len(f.own.Functions) > 0 {
			ratchet()
			e.w.Print("// call field-attached validations\n")
			e.calls(f.own.Functions)
		}
	}
	if f.node == nil {
		return e.w
	}
	if k := f.node.t.Kind; (k == types.Alias || k == types.Struct) && e.hasValidations(f.node) {
		ratchet()
		e.w.Print("// call the type's validation function\n")
		e.w.Printf("errs = append(errs, %s(ctx, op, fldPath, obj, oldObj)...)\n", e.fn(f.node.fn))
	}
	for _, it := range []struct {
		vals v.Validations
		n    *node
	}{{f.keyIter, f.node.keyNode()}, {f.valIter, f.node.elemNode()}} {
		if it.vals.Empty() || it.n == nil || !e.hasValidations(it.n) {
			continue
		}
		e.comments(it.vals.Comments)
		if len(it.vals.Functions) > 0 {
			ratchet()
			e.calls(it.vals.Functions)
		}
	}
	if k := f.node.t.Kind; k == types.Slice || k == types.Map {
		e.value(f)
	}
	return e.w
}

// ratchet writes the check that skips validation of unchanged data.
func (e *emitter) ratchet(t *types.Type) {
	e.w.Print("// don't revalidate unchanged data\n")
	e.w.Printf("if oldValueCorrelated && op.Type == %s {\n", e.rn(nmUpdate))
	if v.IsDirectComparable(v.NonPointer(v.NativeType(t))) {
		e.w.Print("if obj == oldObj || (obj != nil && oldObj != nil && *obj == *oldObj) {\n")
	} else {
		e.w.Printf("if %s.DeepEqual(obj, oldObj) {\n", e.rn(nmSemantic))
	}
	e.w.Print("return nil\n}\n}\n")
}

func (e *emitter) comments(cs []string) {
	for _, c := range cs {
		e.w.Printf("// %s\n", c)
	}
}

// leafOf returns the type a field's pair is passed as, with the prefixes
// that make the type and the field expression nilable: string gives
// (string, "*", "&"), *string gives (string, "*", "").
func leafOf(t *types.Type) (leaf *types.Type, typePfx, exprPfx string) {
	ptrs := 0
	for leaf = t; leaf.Kind == types.Pointer; leaf = leaf.Elem {
		ptrs++
	}
	if v.IsNilableType(leaf) {
		return leaf, "", strings.Repeat("*", ptrs)
	}
	if ptrs == 0 {
		return leaf, "*", "&"
	}
	return leaf, "*", strings.Repeat("*", ptrs-1)
}

// variables writes the package variables the checks of t use.
func (e *emitter) variables(t *types.Type) {
	n := e.disc.nodes[t]
	if n == nil {
		return
	}
	e.vars(n.own.Variables)
	for _, f := range n.fields {
		e.vars(f.own.Variables)
	}
}

func (e *emitter) vars(vs []v.VariableGen) {
	vs = slices.Clone(vs)
	slices.SortStableFunc(vs, func(a, b v.VariableGen) int { return strings.Compare(a.Variable.Name, b.Variable.Name) })
	for _, vr := range vs {
		e.w.Printf("var %s = ", e.private.Name(e.typeOf(types.Name(vr.Variable))))
		e.literal(vr.Initializer, true)
		e.w.Print("\n")
	}
}

package conversion

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/markers"
	"github.com/apigen-dev/apigen/model"
	"github.com/apigen-dev/apigen/output"
)

// emitter writes one package's conversion file.
type emitter struct {
	m      *model.Model
	t      target
	manual manualConversions
	equal  typesEqual
	diags  *diag.List
	f      *output.GoFile // the file written, spelling types as the output package does
	public namer.Namer    // spells types as conversion function names do

	order    []*types.Type // types that get conversions, in file order
	withPeer []*types.Type // those converted to and from a peer type
	explicit []pair        // conversions asked for by explicit-from markers
	skipped  map[*types.Type][]skippedField
	// explicitRefs are the supported explicit-from types of each type of
	// order, read (and reported) once by selectTypes.
	explicitRefs map[*types.Type][]*markers.TypeRef
	at           token.Position // what diagnostics point at
	// covered is set while writing a conversion that has a hand-written
	// Convert_ function: what its auto function cannot convert is then
	// the hand-written function's to handle, not an error.
	covered bool
}

// skippedField is a field a generated conversion leaves out.
type skippedField struct {
	name, why string
	pos       token.Position
}

func newEmitter(m *model.Model, t target, manual manualConversions, equal typesEqual, diags *diag.List) *emitter {
	return &emitter{
		m: m, t: t, manual: manual, equal: equal, diags: diags,
		f:            output.NewGoFile(t.pkg.Path),
		public:       publicNamer(),
		skipped:      map[*types.Type][]skippedField{},
		explicitRefs: map[*types.Type][]*markers.TypeRef{},
	}
}

func (e *emitter) name(t *types.Type) string { return e.f.Name(t) }

// convertName is the name of the conversion from in to out, tracking the
// imports its types would need, as upstream does.
func (e *emitter) convertName(in, out *types.Type) string {
	e.f.AddType(in)
	a := e.public.Name(in)
	e.f.AddType(out)
	return "Convert_" + a + "_To_" + e.public.Name(out)
}

var (
	scopeType  = types.Ref(conversionPkg, "Scope")
	schemeType = &types.Type{Kind: types.Pointer, Elem: types.Ref(runtimePkg, "Scheme")}
	unsafePtr  = types.Ref("unsafe", "Pointer")
	urlValues  = types.Name{Package: "net/url", Name: "Values"}
)

// peerOf returns the type named like t in the first peer package that has one.
func (e *emitter) peerOf(t *types.Type) *types.Type {
	for _, p := range e.t.peers {
		if pkg := e.m.Universe[p]; pkg != nil && pkg.Has(t.Name.Name) {
			return pkg.Types[t.Name.Name]
		}
	}
	return nil
}

func (e *emitter) preexists(in, out *types.Type) (*types.Type, bool) {
	f, ok := e.manual[pair{in, out}]
	return f, ok
}

func (e *emitter) preexistsPointers(in, out *types.Type) (*types.Type, bool) {
	if in.Kind != types.Pointer || out.Kind != types.Pointer {
		return nil, false
	}
	return e.preexists(in.Elem, out.Elem)
}

// selectTypes picks, in order, the types that get conversions: those with
// a peer type, and those with explicit-from markers.
func (e *emitter) selectTypes(ts []*types.Type) {
	for _, t := range ts {
		withPeer := false
		if peer := e.peerOf(t); peer != nil && e.convertible(t, peer) {
			e.withPeer = append(e.withPeer, t)
			withPeer = true
		}
		refs := e.explicitFrom(t)
		for _, ref := range refs {
			e.explicit = append(e.explicit, pair{in: &types.Type{Name: types.Name{Package: ref.Package, Name: ref.Name}}, out: t})
		}
		if withPeer || len(refs) > 0 {
			e.order = append(e.order, t)
			e.explicitRefs[t] = refs
		}
	}
}

// explicitFrom returns the supported types of t's explicit-from markers,
// reporting any other.
func (e *emitter) explicitFrom(t *types.Type) []*markers.TypeRef {
	var out []*markers.TypeRef
	for _, refs := range fromTypes.All(e.m.Markers(t)) {
		for _, ref := range refs {
			if (types.Name{Package: ref.Package, Name: ref.Name}) != urlValues {
				e.diags.Errorf(ref.Pos, "+%s supports only net/url.Values, not %s.%s", explicitMarker, ref.Package, ref.Name)
				continue
			}
			out = append(out, ref)
		}
	}
	return out
}

// convertible reports whether a conversion between in and out is generated
// here: the one of them in the types package is a struct that has not
// opted out, and the other is exported.
func (e *emitter) convertible(in, out *types.Type) bool {
	t, other := in, out
	if in.Name.Package != e.t.typesPkg {
		t, other = out, in
	}
	if t.Name.Package != e.t.typesPkg {
		return false
	}
	if enableType.Has(e.m.DocMarkers(t)) {
		return false
	}
	return t.Kind == types.Struct && !namer.IsPrivateGoName(other.Name.Name)
}

// registerConversions writes init and RegisterConversions.
func (e *emitter) registerConversions() {
	e.f.P("func init() {\nlocalSchemeBuilder.Register(RegisterConversions)\n}")
	e.f.P("// RegisterConversions adds conversion functions to the given scheme.")
	e.f.P("// Public to allow building arbitrary schemes.")
	e.f.P("func RegisterConversions(s %s) error {", e.name(schemeType))
	for _, t := range e.withPeer {
		peer := e.peerOf(t)
		for _, p := range []pair{{t, peer}, {peer, t}} {
			if _, found := e.preexists(p.in, p.out); !found {
				e.register("AddGeneratedConversionFunc", p, "")
			}
		}
	}
	for _, p := range e.explicit {
		e.register("AddGeneratedConversionFunc", p, "")
	}
	for _, p := range e.localManual() {
		e.register("AddConversionFunc", p, e.name(e.manual[p]))
	}
	e.f.P("return nil\n}\n")
}

// register writes one registration; fn is the function to call, or "" for
// the generated Convert_ function.
func (e *emitter) register(method string, p pair, fn string) {
	in, out, scope := e.name(p.in), e.name(p.out), e.name(scopeType)
	if fn == "" {
		fn = e.convertName(p.in, p.out)
	}
	e.f.P("if err := s.%s((*%s)(nil), (*%s)(nil), func(a, b interface{}, scope %s) error { return %s(a.(*%s), b.(*%s), scope) }); err != nil { return err }",
		method, in, out, scope, fn, in, out)
}

// localManual returns the hand-written conversions of the output package,
// sorted by function name.
func (e *emitter) localManual() []pair {
	var out []pair
	for p, fn := range e.manual {
		if fn.Name.Package == e.t.pkg.Path {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b pair) int { return strings.Compare(e.manual[a].Name.Name, e.manual[b].Name.Name) })
	return out
}

// typeConversions writes the conversions of t, to and from its peer and
// from its explicit-from types.
func (e *emitter) typeConversions(t *types.Type) {
	if peer := e.peerOf(t); peer != nil {
		e.conversion(t, peer)
		e.conversion(peer, t)
	}
	for _, ref := range e.explicitRefs[t] {
		if ref.Type == nil {
			continue
		}
		e.fromURLValues(ref.Type, t)
	}
}

// conversion writes autoConvert_<in>_To_<out> and, unless the package has a
// hand-written one, Convert_<in>_To_<out>.
func (e *emitter) conversion(in, out *types.Type) {
	auto := "auto" + e.convertName(in, out)
	e.f.P("func %s(in *%s, out *%s, s %s) error {", auto, e.name(in), e.name(out), e.name(scopeType))
	e.at = e.m.Position(in)
	_, manual := e.preexists(in, out)
	e.covered = manual
	e.convert(in, out)
	e.covered = false
	e.f.P("return nil\n}\n")

	if manual {
		return
	}
	if skipped := e.skipped[in]; len(skipped) > 0 {
		e.reportManual(in, out, skipped)
		return
	}
	name := e.convertName(in, out)
	e.f.P("// %s is an autogenerated conversion function.", name)
	e.f.P("func %s(in *%s, out *%s, s %s) error {", name, e.name(in), e.name(out), e.name(scopeType))
	e.f.P("return %s(in, out, s)\n}\n", auto)
}

// reportManual reports the fields that keep a conversion from being
// generated, with the function that must be written by hand.
func (e *emitter) reportManual(in, out *types.Type, skipped []skippedField) {
	sig := fmt.Sprintf("func %s(in *%s, out *%s, s %s) error", e.convertName(in, out), e.name(in), e.name(out), e.name(scopeType))
	for _, f := range skipped {
		e.diags.Errorf(f.pos, "%s.%s requires manual conversion: %s; write in package %s:\n\t%s",
			in.Name.Name, f.name, f.why, e.t.pkg.Path, sig)
	}
}

package crdconversion

import (
	"cmp"
	"go/token"
	"path"
	"slices"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/internal/hubspoke"
	"github.com/apigen-dev/apigen/output"
)

const intstrType = "k8s.io/apimachinery/pkg/util/intstr.IntOrString"

// roundTripFile writes the spoke's round-trip tests: for each kind it
// shares with the hub, filled objects go hub → spoke → hub and spoke → hub
// → spoke, each through JSON on the way as the API server stores them,
// and protobuf where the type has it, and must come back semantically equal.
func (g *Generator) roundTripFile(grp *hubspoke.Group, spoke int, diags *diag.List) *output.File {
	s := grp.Spokes[spoke]
	f := g.goFile(s.Path, path.Base(s.Path))
	fuzzer := "k8s.io/apimachinery/pkg/api/apitesting/fuzzer"
	var roots []*types.Type
	for _, k := range grp.Kinds {
		if st := k.Spokes[spoke]; st != nil {
			roots = append(roots, k.Hub, st)
		}
	}
	f.P("// roundTrips is how many objects of each kind each direction converts.")
	f.P("const roundTrips = %d\n", g.RoundTrips)
	f.P("// fillFuncs are more fill functions for the filler, for types whose")
	f.P("// random values their own decoding or conversions refuse: append to it")
	f.P("// from an init function in a test file of this package.")
	f.P("var fillFuncs []any\n")
	f.P("// filler fills objects as apimachinery's round-trip tests do, with")
	f.P("// interfaces left nil: no filler can pick their concrete types.")
	f.P("func filler(seed int64) *%s {", f.Qual("sigs.k8s.io/randfill", "Filler"))
	f.P("funcs := func(%s) []any {\nreturn append([]any{", f.Qual("k8s.io/apimachinery/pkg/runtime/serializer", "CodecFactory"))
	for _, t := range fillTypes(roots) {
		if t.Name.String() == intstrType {
			f.P("func(x *%s, c %s) {", f.Name(t), f.Qual("sigs.k8s.io/randfill", "Continue"))
			f.P("if c.Bool() {\n*x = %s(c.Int31())\n} else {\n*x = %s(c.String(0))\n}\n},",
				f.Qual("k8s.io/apimachinery/pkg/util/intstr", "FromInt32"), f.Qual("k8s.io/apimachinery/pkg/util/intstr", "FromString"))
			continue
		}
		f.P("func(x *%s, _ %s) { *x = nil },", f.Name(t), f.Qual("sigs.k8s.io/randfill", "Continue"))
	}
	f.P("}, fillFuncs...)\n}")
	f.P("return %s(%s(%s, funcs), %s(seed), %s(%s()))\n}\n",
		f.Qual(fuzzer, "FuzzerFor"), f.Qual(fuzzer, "MergeFuzzerFuncs"), f.Qual("k8s.io/apimachinery/pkg/apis/meta/fuzzer", "Funcs"),
		f.Qual("math/rand", "NewSource"), f.Qual("k8s.io/apimachinery/pkg/runtime/serializer", "NewCodecFactory"), f.Qual("k8s.io/apimachinery/pkg/runtime", "NewScheme"))
	f.P("// jsonTrip encodes obj and decodes it into a new value, as the API server")
	f.P("// stores and serves it.")
	f.P("func jsonTrip[T any](t *%s, obj *T) *T {", f.Qual("testing", "T"))
	f.P("t.Helper()\ndata, err := %s(obj)\nif err != nil {\nt.Fatal(err)\n}", f.Qual("encoding/json", "Marshal"))
	f.P("out := new(T)\nif err := %s(data, out); err != nil {\nt.Fatal(err)\n}\nreturn out\n}\n", f.Qual("k8s.io/apimachinery/pkg/util/json", "Unmarshal"))
	hubV, spokeV := hubspoke.Version(grp.Hub), hubspoke.Version(s)
	usesProto := false
	equal, diff := f.Qual(equalityPkg, "Semantic.DeepEqual"), f.Qual("k8s.io/apimachinery/pkg/util/diff", "Diff")
	for _, k := range grp.Kinds {
		st := k.Spokes[spoke]
		if st == nil {
			continue
		}
		hub := f.Name(k.Hub)
		f.P("// Test%sThroughSpoke converts filled %s %s objects to %s and back.", k.Name, hubV, k.Name, spokeV)
		f.P("func Test%sThroughSpoke(t *%s) {\nf := filler(1)\nfor i := range roundTrips {", k.Name, f.Qual("testing", "T"))
		f.P("var before %s\nf.Fill(&before)\nhub := jsonTrip(t, &before)", hub)
		f.P("var spoke %s\nif err := spoke.ConvertFromHub(hub); err != nil {\nt.Fatalf(\"object %%d, %s to %s: %%v\", i, err)\n}", st.Name.Name, hubV, spokeV)
		f.P("mid := jsonTrip(t, &spoke)")
		if hasProtobuf(st) {
			f.P("mid = protoTrip(t, mid)")
			usesProto = true
		}
		f.P("var after %s\nif err := mid.ConvertToHub(&after); err != nil {\nt.Fatalf(\"object %%d, %s to %s: %%v\", i, err)\n}", hub, spokeV, hubV)
		f.P("if !%s(hub, &after) {\nt.Fatalf(\"object %%d: %s → %s → %s changed it (- before, + after):\\n%%s\", i, %s(hub, &after))\n}\n}\n}\n", equal, hubV, spokeV, hubV, diff)

		f.P("// Test%sThroughHub converts filled %s %s objects to %s and back.", k.Name, spokeV, k.Name, hubV)
		f.P("func Test%sThroughHub(t *%s) {\nf := filler(2)\nfor i := range roundTrips {", k.Name, f.Qual("testing", "T"))
		f.P("var before %s\nf.Fill(&before)\nspoke := jsonTrip(t, &before)", st.Name.Name)
		f.P("var hub %s\nif err := spoke.ConvertToHub(&hub); err != nil {\nt.Fatalf(\"object %%d, %s to %s: %%v\", i, err)\n}", hub, spokeV, hubV)
		f.P("mid := jsonTrip(t, &hub)")
		if hasProtobuf(k.Hub) {
			f.P("mid = protoTrip(t, mid)")
			usesProto = true
		}
		f.P("var after %s\nif err := after.ConvertFromHub(mid); err != nil {\nt.Fatalf(\"object %%d, %s to %s: %%v\", i, err)\n}", st.Name.Name, hubV, spokeV)
		f.P("if !%s(spoke, &after) {\nt.Fatalf(\"object %%d: %s → %s → %s changed it (- before, + after):\\n%%s\", i, %s(spoke, &after))\n}\n}\n}\n", equal, spokeV, hubV, spokeV, diff)
	}
	if usesProto {
		f.P("// protoTrip encodes obj as protobuf and decodes it into a new value, as")
		f.P("// clients that speak protobuf do.")
		f.P("func protoTrip[T any, P interface {\n*T\nMarshal() ([]byte, error)\nUnmarshal([]byte) error\n}](t *%s, obj P) P {", f.Qual("testing", "T"))
		f.P("t.Helper()\ndata, err := obj.Marshal()\nif err != nil {\nt.Fatal(err)\n}")
		f.P("out := P(new(T))\nif err := out.Unmarshal(data); err != nil {\nt.Fatal(err)\n}\nreturn out\n}\n")
	}
	return f.File(output.Join(s.Dir, roundTripFile), token.Position{Filename: s.Dir}, diags)
}

// hasProtobuf reports whether t has go-to-protobuf's Marshal and Unmarshal.
func hasProtobuf(t *types.Type) bool {
	return t.Methods["Marshal"] != nil && t.Methods["Unmarshal"] != nil
}

// fillTypes returns the types reachable from roots that the filler must be
// told how to fill: named interfaces, and IntOrString, whose filled values
// would not survive JSON.
func fillTypes(roots []*types.Type) []*types.Type {
	seen := map[*types.Type]bool{}
	var out []*types.Type
	var walk func(t *types.Type)
	walk = func(t *types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if t.Name.String() == intstrType || (t.Kind == types.Interface && t.Name.Name != "") {
			out = append(out, t)
			return
		}
		walk(t.Elem)
		walk(t.Key)
		walk(t.Underlying)
		for _, m := range t.Members {
			walk(m.Type)
		}
	}
	for _, r := range roots {
		walk(r)
	}
	slices.SortFunc(out, func(a, b *types.Type) int { return cmp.Compare(a.Name.String(), b.Name.String()) })
	return out
}

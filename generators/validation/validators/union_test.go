package validators

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

// unionStruct is struct U {Kind string; A *int; B []string; C string; D Item}.
func unionStruct(f *fixture) *types.Type {
	strs := &types.Type{Name: types.Name{Name: "[]string"}, Kind: types.Slice, Elem: types.String}
	return f.structType("U",
		types.Member{Name: "Kind", Type: types.String, Tags: `json:"kind"`},
		types.Member{Name: "A", Type: types.PointerTo(types.Int), Tags: `json:"a,omitempty"`},
		types.Member{Name: "B", Type: strs, Tags: `json:"b"`},
		types.Member{Name: "C", Type: types.String, Tags: `json:"c"`},
		types.Member{Name: "D", Type: f.item, Tags: `json:"d"`},
	)
}

func TestDiscriminatedUnion(t *testing.T) {
	f := newFixture(t)
	u := unionStruct(f)
	_, parent, err := f.runStruct(u, map[int][]string{
		0: {`+k8s:unionDiscriminator`}, 1: {`+k8s:unionMember`}, 2: {`+k8s:unionMember(memberName: "Bee")`}})
	if err != nil {
		t.Fatal(err)
	}
	if len(parent.Functions) != 1 || len(parent.Variables) != 1 {
		t.Fatalf("got %+v", parent)
	}
	fn := parent.Functions[0]
	if fn.Function != stdFn("DiscriminatedUnion") || fn.TagName != tagUnionMember {
		t.Errorf("got %+v", fn)
	}
	if !reflect.DeepEqual(fn.Emits, []Emission{{Type: field.ErrorTypeInvalid, Origin: "union"}}) {
		t.Errorf("emits %v", fn.Emits)
	}
	disc := fn.Args[1].(FunctionLiteral)
	if disc.Body != `if obj == nil {return ""}; return string(obj.Kind)` {
		t.Errorf("discriminator %s", disc.Body)
	}
	if a := fn.Args[2].(FunctionLiteral).Body; a != "if obj == nil {return false}; return obj.A != nil" {
		t.Errorf("member a %s", a)
	}
	if b := fn.Args[3].(FunctionLiteral).Body; b != "if obj == nil {return false}; return len(obj.B) != 0" {
		t.Errorf("member b %s", b)
	}
	ctor := parent.Variables[0].Initializer.(FunctionGen)
	want := []any{"kind",
		Function("unused", 0, stdFn("NewDiscriminatedUnionMember"), "a", "A"),
		Function("unused", 0, stdFn("NewDiscriminatedUnionMember"), "b", "Bee")}
	if ctor.Function != stdFn("NewDiscriminatedUnionMembership") || !reflect.DeepEqual(ctor.Args, want) {
		t.Errorf("ctor %+v", ctor)
	}
	if v := parent.Variables[0].Variable; v.Name != "unionMembershipFor_example_com_api_U_" {
		t.Errorf("variable %s", v.Name)
	}
}

func TestNamedUnionsAndZeroOrOneOf(t *testing.T) {
	f := newFixture(t)
	u := unionStruct(f)
	_, parent, err := f.runStruct(u, map[int][]string{
		1: {`+k8s:unionMember(union: "x")`}, 2: {`+k8s:zeroOrOneOfMember`}, 3: {`+k8s:zeroOrOneOfMember`}})
	if err != nil {
		t.Fatal(err)
	}
	if len(parent.Functions) != 2 {
		t.Fatalf("got %+v", parent.Functions)
	}
	if fn := parent.Functions[0]; fn.Function != stdFn("Union") || fn.Args[0].(PrivateVar).Name != "unionMembershipFor_example_com_api_U_x" {
		t.Errorf("union %+v", fn)
	}
	z := parent.Functions[1]
	if z.Function != stdFn("ZeroOrOneOfUnion") || z.TagName != tagZeroOrOneOfMember || z.Args[0].(PrivateVar).Name != "zeroOrOneOfMembershipFor_example_com_api_U_" {
		t.Errorf("zeroOrOneOf %+v", z)
	}
	if c := z.Args[2].(FunctionLiteral).Body; c != "if obj == nil {return false}; var z string; return obj.C != z" {
		t.Errorf("member c %s", c)
	}
	if !reflect.DeepEqual(z.Emits, []Emission{{Type: field.ErrorTypeInvalid, Origin: "zeroOrOneOf"}}) {
		t.Errorf("emits %v", z.Emits)
	}
}

func TestUnionErrors(t *testing.T) {
	f := newFixture(t)
	u := unionStruct(f)
	_, _, err := f.run(fieldCtx(u, 4), `+k8s:unionMember`)
	mustFail(t, err, "nilable or primitive")
	_, _, err = f.run(fieldCtx(u, 1), `+k8s:unionDiscriminator`)
	mustFail(t, err, "only strings")
	item := Context{Scope: ScopeListVal, Type: f.item, Path: field.NewPath("x").Key("(vals)"), ParentPath: field.NewPath("x"), ParentType: f.list}
	_, _, err = f.run(item, `+k8s:unionMember`)
	mustFail(t, err, "item selector")
	_, _, err = f.run(item, `+k8s:zeroOrOneOfMember`)
	mustFail(t, err, "item selector")
}

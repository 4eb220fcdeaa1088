package validators

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

func enumConst(name, value string, comment string, tags ...string) *Constant {
	c := &Constant{Constant: &types.Type{
		Name:         types.Name{Package: "p", Name: name},
		Kind:         types.DeclarationOf,
		Underlying:   tNamedString,
		ConstValue:   &value,
		CommentLines: []string{comment},
	}}
	for _, text := range tags {
		tag, err := codetags.Parse(text)
		if err != nil {
			panic(err)
		}
		c.Tags = append(c.Tags, tag)
	}
	return c
}

func TestEnum(t *testing.T) {
	ctx := typeContext(tNamedString)
	ctx.Constants = []*Constant{
		enumConst("B", "b", "b"),
		enumConst("A", "a", "a"),
		enumConst("Skipped", "s", "", "k8s:enumExclude"),
		enumConst("A2", "a", "a longer comment"), // same value as A; wins on its comment
		enumConst("C", "c", "", "k8s:ifEnabled(Z)=+k8s:enumExclude", "k8s:ifDisabled(Y)=+k8s:enumExclude",
			"k8s:ifEnabled(X)=+k8s:enumExclude", "k8s:ifEnabled(W)=+k8s:validateTrue"),
	}
	v, err := evalTag(t, Config{}, ctx, "k8s:enum")
	if err != nil {
		t.Fatal(err)
	}
	name := func(n string) Identifier { return Identifier{Package: "p", Name: n} }
	symbols := PrivateVar{Name: "SymbolsForStr", Package: "local"}
	exclusions := PrivateVar{Name: "ExclusionsForStr", Package: "local"}
	rule := func(opt string, on bool) any {
		return StructLiteral{Type: stdFn("EnumExclusion"), TypeArgs: []*types.Type{tNamedString}, Fields: []StructLiteralField{
			{Name: "Value", Value: name("C")}, {Name: "Option", Value: opt}, {Name: "ExcludeWhen", Value: on},
		}}
	}
	wantVars := []VariableGen{
		Variable(symbols, Function("setsNew", DefaultFlags, setsNewName, name("A2"), name("B"), name("C"))),
		Variable(exclusions, SliceLiteral{
			ElementType:     stdFn("EnumExclusion"),
			ElementTypeArgs: []*types.Type{tNamedString},
			Elements:        []any{rule("Y", false), rule("X", true), rule("Z", true)},
		}),
	}
	if !reflect.DeepEqual(v.Variables, wantVars) {
		t.Errorf("variables:\n got %#v\nwant %#v", v.Variables, wantVars)
	}
	checkFunctions(t, "enum", v.Functions, []FunctionGen{
		Function(tnEnum, DefaultFlags, stdFn("Enum"), symbols, exclusions).
			WithEmits(emitting(field.ErrorTypeNotSupported, "")),
	})
}

func TestEnumEmpty(t *testing.T) {
	v, err := evalTag(t, Config{}, typeContext(tNamedString), "k8s:enum")
	if err != nil {
		t.Fatal(err)
	}
	symbols := PrivateVar{Name: "SymbolsForStr", Package: "local"}
	want := []VariableGen{Variable(symbols, Function("setsNew", DefaultFlags, setsNewName).WithTypeArgs(tNamedString.Name))}
	if !reflect.DeepEqual(v.Variables, want) {
		t.Errorf("got %#v", v.Variables)
	}
	checkFunctions(t, "enum", v.Functions, []FunctionGen{
		Function(tnEnum, DefaultFlags, stdFn("Enum"), symbols, Literal("nil")).
			WithEmits(emitting(field.ErrorTypeNotSupported, "")),
	})
}

func TestEnumErrors(t *testing.T) {
	named := &types.Type{Name: types.Name{Package: "p", Name: "N"}, Kind: types.Alias, Underlying: types.Int}
	wantError(t, typeContext(named), "k8s:enum", "can only be used on string types (p.N -> int)")
	wantError(t, fieldContext(tNamedString), "k8s:enum", "cannot be specified on struct fields")
	wantError(t, typeContext(tNamedString), "k8s:enumExclude", "cannot be specified on type definitions")
	if v, err := evalTag(t, Config{}, Context{Scope: ScopeConst, Type: tNamedString}, "k8s:enumExclude"); err != nil || !v.Empty() {
		t.Errorf("enumExclude: %#v, %v", v, err)
	}
}

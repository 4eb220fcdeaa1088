package validators

import (
	"strings"
	"testing"

	"k8s.io/gengo/v2/types"
)

// customUniverse has package "p" with validation functions for p.Struct, its
// field F (a string) and its field L (a []string), plus a mis-typed one for
// field Bad and an untagged one.
func customUniverse() types.Universe {
	u := types.Universe{}
	named := func(pkg, name string) *types.Type { return u.Type(types.Name{Package: pkg, Name: name}) }
	sig := func(value *types.Type) *types.Type {
		return &types.Type{Kind: types.Func, Signature: &types.Signature{
			Parameters: []*types.ParamResult{
				{Name: "ctx", Type: named("context", "Context")},
				{Name: "op", Type: named("k8s.io/apimachinery/pkg/api/operation", "Operation")},
				{Name: "fldPath", Type: types.PointerTo(named("k8s.io/apimachinery/pkg/util/validation/field", "Path"))},
				{Name: "value", Type: value},
				{Name: "oldValue", Type: value},
			},
			Results: []*types.ParamResult{{Type: named("k8s.io/apimachinery/pkg/util/validation/field", "ErrorList")}},
		}}
	}
	add := func(name string, value *types.Type) {
		f := u.Function(types.Name{Package: "p", Name: name})
		f.Underlying = sig(value)
	}
	add("ValidateCustom_Struct", types.PointerTo(tStruct))
	add("ValidateCustom_Struct_F", types.PointerTo(types.String))
	add("ValidateCustom_Struct_L", tStringSlice)
	add("ValidateCustom_Struct_Bad", types.String)
	add("ValidateCustom_Forgotten", types.PointerTo(types.String))
	return u
}

func TestCustomValidation(t *testing.T) {
	cfg := Config{Universe: customUniverse(), InputToCanonicalPkg: map[string]string{"p": "p"}}
	reg := New(cfg)
	eval := func(ctx Context) []FunctionGen {
		t.Helper()
		v, err := reg.ExtractTagValidations(ctx, mustParse(t, "k8s:customValidation"))
		if err != nil {
			t.Fatal(err)
		}
		return v.Functions
	}
	call := func(name string) []FunctionGen {
		return []FunctionGen{Function(tnCustomValidation, DefaultFlags, types.Name{Package: "p", Name: name}).WithComment("custom validation")}
	}
	checkFunctions(t, "type", eval(typeContext(tStruct)), call("ValidateCustom_Struct"))
	checkFunctions(t, "field", eval(fieldContext(types.String)), call("ValidateCustom_Struct_F"))
	list := fieldContext(tStringSlice)
	list.Member.Name = "L"
	checkFunctions(t, "list field", eval(list), call("ValidateCustom_Struct_L"))

	bad := fieldContext(types.String)
	bad.Member.Name = "Bad"
	_, err := reg.ExtractTagValidations(bad, mustParse(t, "k8s:customValidation"))
	if err == nil || !strings.Contains(err.Error(), "value, oldValue *string) field.ErrorList") {
		t.Errorf("mis-typed: %v", err)
	}
	missing := fieldContext(types.String)
	missing.Member.Name = "Gone"
	if _, err := reg.ExtractTagValidations(missing, mustParse(t, "k8s:customValidation")); err == nil ||
		!strings.Contains(err.Error(), "p.ValidateCustom_Struct_Gone was not found") {
		t.Errorf("missing: %v", err)
	}

	err = reg.VerifyCustomValidationsHaveTags()
	want := "+k8s:customValidation: p.ValidateCustom_Forgotten: no matching tag (add +k8s:customValidation, or rename if not a custom validation); " +
		"p.ValidateCustom_Struct_Bad: no matching tag (add +k8s:customValidation, or rename if not a custom validation)"
	if err == nil || err.Error() != want {
		t.Errorf("verify: got %v", err)
	}
}

func TestCustomValidationPlacement(t *testing.T) {
	cfg := Config{Universe: customUniverse(), InputToCanonicalPkg: map[string]string{"p": "out"}}
	reg := New(cfg)
	err := reg.VerifyCustomValidationsHaveTags()
	if err == nil || !strings.Contains(err.Error(), "p.ValidateCustom_Struct: move to the generated package out") {
		t.Errorf("got %v", err)
	}
	_, err = reg.ExtractTagValidations(typeContext(tStruct), mustParse(t, "k8s:customValidation"))
	if err == nil || !strings.Contains(err.Error(), `cannot find package "out"`) {
		t.Errorf("got %v", err)
	}
	_, err = New(Config{}).ExtractTagValidations(typeContext(tStruct), mustParse(t, "k8s:customValidation"))
	if err == nil || !strings.Contains(err.Error(), "cannot resolve generated package for p") {
		t.Errorf("got %v", err)
	}
	// Without a universe nothing is checked.
	noU := New(Config{InputToCanonicalPkg: map[string]string{"p": "p"}})
	if _, err := noU.ExtractTagValidations(typeContext(tStruct), mustParse(t, "k8s:customValidation")); err != nil {
		t.Error(err)
	}
	if err := noU.VerifyCustomValidationsHaveTags(); err != nil {
		t.Error(err)
	}
}

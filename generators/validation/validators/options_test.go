package validators

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

func TestIfOption(t *testing.T) {
	ctx := fieldContext(types.String)
	inner := Function("k8s:maxLength", DefaultFlags, stdFn("MaxLength"), 3).WithEmits(emitting(field.ErrorTypeTooLong, "maxLength"))
	got := mustFunctions(t, ctx, "k8s:ifEnabled(Feature)=+k8s:maxLength=3")
	checkFunctions(t, "enabled", got, []FunctionGen{
		Function(tnIfEnabled, DefaultFlags, stdFn("IfOption"), "Feature", true, WrapperFunction{Function: inner, ObjType: types.String}),
	})

	inner = Function(tnRequired, ShortCircuit, stdFn("RequiredValue")).WithEmits(emitting(field.ErrorTypeRequired, ""))
	got = mustFunctions(t, ctx, "k8s:ifDisabled(Other)=+k8s:required")
	checkFunctions(t, "disabled", got, []FunctionGen{
		Function(tnIfDisabled, ShortCircuit, stdFn("IfOption"), "Other", false, WrapperFunction{Function: inner, ObjType: types.String}),
	})

	// On a constant, a nested +k8s:enumExclude generates nothing.
	v, err := evalTag(t, Config{}, Context{Scope: ScopeConst, Type: tNamedString}, "k8s:ifEnabled(F)=+k8s:enumExclude")
	if err != nil || !v.Empty() {
		t.Errorf("const: %#v, %v", v, err)
	}

	wantError(t, ctx, "k8s:ifEnabled=+k8s:required", "missing required positional argument")
	wantError(t, ctx, "k8s:ifEnabled(F)", "missing required tag value")
	wantError(t, ctx, "k8s:ifEnabled(F)=+k8s:minItems=1", "can only be used on list types")
}

func TestIfOptionDeferredUsesParentType(t *testing.T) {
	ot := &optionTag{enabled: true, inner: fakeExtractor{}}
	ctx := fieldContext(types.String)
	v, err := ot.GetValidations(ctx, mustParse(t, "k8s:ifEnabled(F)=+k8s:validateTrue"))
	if err != nil {
		t.Fatal(err)
	}
	if w := v.Functions[0].Args[2].(WrapperFunction); w.ObjType != types.String {
		t.Errorf("this-context call on %v", w.ObjType)
	}
	d, err := v.Deferred[0].Callback()
	if err != nil {
		t.Fatal(err)
	}
	if w := d.Functions[0].Args[2].(WrapperFunction); w.ObjType != tStruct {
		t.Errorf("parent-context call on %v", w.ObjType)
	}
}

package validators

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

func TestFixedResult(t *testing.T) {
	ctx := fieldContext(types.String)
	fixed := stdFn("FixedResult")
	checkFunctions(t, "true", mustFunctions(t, ctx, "k8s:validateTrue"), []FunctionGen{
		Function(tnValidateTrue, DefaultFlags, fixed, true, ""),
	})
	got := mustFunctions(t, ctx, `k8s:validateFalse(flags: "ShortCircuit, NonError", typeArg: "T", cohort: "c")="msg"`)
	want := Function(tnValidateFalse, ShortCircuit|NonError, fixed, false, "msg").
		WithTypeArgs(types.Name{Name: "*T"}).WithEmits(emitting(field.ErrorTypeInvalid, "validateFalse"))
	want.Cohort = "c"
	checkFunctions(t, "false", got, []FunctionGen{want})
	got = mustFunctions(t, ctx, `k8s:validateTrueBeta(typeArg: "*T")`)
	checkFunctions(t, "beta", got, []FunctionGen{
		Function(tnValidateTrueBeta, DefaultFlags, fixed, true, "").WithTypeArgs(types.Name{Name: "*T"}),
	})

	wantError(t, ctx, `k8s:validateError="boom"`, `forced error: "boom"`)
	wantError(t, ctx, `k8s:validateTrue(flags: "Bogus")`, `can't decode tag payload: unknown flag: "Bogus"`)
	wantError(t, ctx, `k8s:validateTrue(other: "x")`, "unrecognized named argument")
	wantError(t, ctx, `k8s:validateError(flags: "NonError")`, "unrecognized named argument")
}

func TestFixedResultDocs(t *testing.T) {
	reg := New(Config{})
	want := map[string]TagStabilityLevel{
		tnValidateTrue: TagStabilityLevelAlpha, tnValidateFalse: TagStabilityLevelAlpha, tnValidateError: TagStabilityLevelAlpha,
		tnValidateTrueAlpha: TagStabilityLevelAlpha, tnValidateTrueBeta: TagStabilityLevelBeta,
	}
	for name, level := range want {
		tv, _ := reg.Lookup(name)
		d := tv.Docs()
		nargs := 3
		if name == tnValidateError {
			nargs = 0
		}
		if d.StabilityLevel != level || len(d.Args) != nargs || len(d.Scopes) != 5 || d.PayloadsRequired {
			t.Errorf("%s: bad docs %#v", name, d)
		}
	}
}

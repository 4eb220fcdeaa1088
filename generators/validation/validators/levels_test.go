package validators

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

func TestLevels(t *testing.T) {
	got := mustFunctions(t, fieldContext(types.String), "k8s:alpha(since: \"1.34\")=+k8s:maxLength=3")
	want := Function("k8s:maxLength", DefaultFlags, stdFn("MaxLength"), 3).
		WithEmits(emitting(field.ErrorTypeTooLong, "maxLength")).WithStabilityLevel(ValidationStabilityLevelAlpha)
	checkFunctions(t, "alpha", got, []FunctionGen{want})

	got = mustFunctions(t, fieldContext(types.PointerTo(types.String)), "k8s:beta=+k8s:required")
	want = Function(tnRequired, ShortCircuit, stdFn("RequiredPointer")).
		WithEmits(emitting(field.ErrorTypeRequired, "")).WithStabilityLevel(ValidationStabilityLevelBeta)
	checkFunctions(t, "beta", got, []FunctionGen{want})

	wantError(t, fieldContext(types.String), `k8s:alpha(since: "v1.34")=+k8s:required`, "invalid kubernetes version format")
	wantError(t, fieldContext(types.String), `k8s:alpha="x"`, "tag value has wrong type")
	wantError(t, fieldContext(types.String), `k8s:alpha`, "missing required tag value")
	wantError(t, fieldContext(types.String), `k8s:beta=+k8s:minItems=1`, "can only be used on list types")
}

func TestLevelsKeepSelfManaged(t *testing.T) {
	lt := &levelTag{name: tnAlpha, level: ValidationStabilityLevelAlpha, inner: fakeExtractor{}}
	tag := mustParse(t, "k8s:alpha=+k8s:validateTrue")
	v, err := lt.GetValidations(fieldContext(types.String), tag)
	if err != nil {
		t.Fatal(err)
	}
	if v.Functions[0].StabilityLevel != ValidationStabilityLevelBeta {
		t.Errorf("self-managed level was changed: %#v", v.Functions[0])
	}
	// A deferred call gets the level too, once it is made.
	d, err := v.Deferred[0].Callback()
	if err != nil || d.Functions[0].StabilityLevel != ValidationStabilityLevelAlpha {
		t.Errorf("deferred: %#v, %v", d, err)
	}
}

// fakeExtractor returns one self-managed call at beta and one deferred
// plain call, whatever the tags.
type fakeExtractor struct{}

func (fakeExtractor) ExtractTagValidations(Context, ...codetags.Tag) (Validations, error) {
	fn := Function("x", DefaultFlags, stdFn("X")).WithStabilityLevel(ValidationStabilityLevelBeta)
	fn.StabilityLevelSelfManaged = true
	return Validations{
		Functions: []FunctionGen{fn},
		Deferred: []DeferredGen{Deferred(ParentContext, func() (Validations, error) {
			return single(Function("y", DefaultFlags, stdFn("Y"))), nil
		})},
	}, nil
}

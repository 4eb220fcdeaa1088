package validators

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/types"
)

func TestPresenceTags(t *testing.T) {
	req := emitting(field.ErrorTypeRequired, "")
	forb := emitting(field.ErrorTypeForbidden, "")
	cases := []struct {
		typ  *types.Type
		kind string
	}{
		{types.String, "Value"},
		{tNamedString, "Value"},
		{types.PointerTo(types.Int), "Pointer"},
		{tStringSlice, "Slice"},
		{tNamedSlice, "Slice"},
		{tIntMap, "Map"},
	}
	for _, c := range cases {
		ctx := fieldContext(c.typ)
		checkFunctions(t, "required "+c.typ.String(), mustFunctions(t, ctx, "k8s:required"), []FunctionGen{
			Function(tnRequired, ShortCircuit, stdFn("Required"+c.kind)).WithEmits(req),
		})
		checkFunctions(t, "optional "+c.typ.String(), mustFunctions(t, ctx, "k8s:optional"), []FunctionGen{
			Function(tnOptional, ShortCircuit|NonError, stdFn("Optional"+c.kind)),
		})
		checkFunctions(t, "forbidden "+c.typ.String(), mustFunctions(t, ctx, "k8s:forbidden"), []FunctionGen{
			Function(tnForbidden, ShortCircuit, stdFn("Forbidden"+c.kind)).WithEmits(forb),
			Function(tnForbidden, ShortCircuit|NonError, stdFn("Optional"+c.kind)),
		})
	}
	for _, tag := range []string{"k8s:required", "k8s:optional", "k8s:forbidden"} {
		wantError(t, fieldContext(tStruct), tag, "non-pointer structs cannot use the \""+tag+"\" tag")
		wantError(t, typeContext(tNamedString), tag, "cannot be specified on type definitions")
	}
}

func TestOptionalWithDefault(t *testing.T) {
	effectively := "optional fields with default values are effectively required"
	got := mustFunctions(t, fieldContext(types.Int, "+default=3"), "k8s:optional")
	checkFunctions(t, "non-zero default", got, []FunctionGen{
		Function(tnRequired, ShortCircuit, stdFn("RequiredValue")).
			WithEmits(emitting(field.ErrorTypeRequired, "")).WithComment(effectively),
	})
	got = mustFunctions(t, fieldContext(types.PointerTo(types.String), `+default=""`), "k8s:optional")
	checkFunctions(t, "pointer with zero default", got, []FunctionGen{
		Function(tnRequired, ShortCircuit, stdFn("RequiredPointer")).
			WithEmits(emitting(field.ErrorTypeRequired, "")).WithComment(effectively),
	})

	v, err := evalTag(t, Config{}, fieldContext(tNamedString, `+default=""`), "k8s:optional")
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Functions) != 0 || len(v.Comments) != 1 ||
		v.Comments[0] != "optional value-type fields with zero-value defaults are purely documentation" {
		t.Errorf("zero default: got %#v", v)
	}

	wantError(t, fieldContext(types.Int, "+default=3", "+default=4"), "k8s:optional", "multiple values")
	wantError(t, fieldContext(types.Int, "+default=ref(Foo)"), "k8s:optional", "failed to parse default value")
	wantError(t, fieldContext(types.Int, "+default=null"), "k8s:optional", "unmarshalled to nil")
}

func TestPresenceDocs(t *testing.T) {
	levels := map[string]TagStabilityLevel{
		tnRequired: TagStabilityLevelStable, tnOptional: TagStabilityLevelStable, tnForbidden: TagStabilityLevelBeta,
	}
	for name, level := range levels {
		d := presenceTag{name: name}.Docs()
		if d.Tag != name || d.StabilityLevel != level || len(d.Scopes) != 1 || d.Scopes[0] != ScopeField || d.Description == "" {
			t.Errorf("%s: bad docs %#v", name, d)
		}
	}
}

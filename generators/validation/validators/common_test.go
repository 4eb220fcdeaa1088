package validators

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/gengo/v2/codetags"
	"k8s.io/gengo/v2/types"
)

// Types shared by the tests of this worker's validators.
var (
	tNamedString = &types.Type{Name: types.Name{Package: "p", Name: "Str"}, Kind: types.Alias, Underlying: types.String}
	tStringSlice = &types.Type{Name: types.Name{Name: "[]string"}, Kind: types.Slice, Elem: types.String}
	tIntMap      = &types.Type{Name: types.Name{Name: "map[string]int"}, Kind: types.Map, Key: types.String, Elem: types.Int}
	tKeyIntMap   = &types.Type{Name: types.Name{Name: "map[int]int"}, Kind: types.Map, Key: types.Int, Elem: types.Int}
	tStruct      = &types.Type{Name: types.Name{Package: "p", Name: "Struct"}, Kind: types.Struct}
	tNamedSlice  = &types.Type{Name: types.Name{Package: "p", Name: "List"}, Kind: types.Alias, Underlying: tStringSlice}
)

// fieldContext is a field F of p.Struct with type t and comment lines.
func fieldContext(t *types.Type, comments ...string) Context {
	return Context{
		Scope:      ScopeField,
		Type:       t,
		Path:       field.NewPath("f"),
		Member:     &types.Member{Name: "F", Type: t, CommentLines: comments},
		ParentPath: field.NewPath("p.Struct"),
		ParentType: tStruct,
	}
}

// typeContext is the declaration of t.
func typeContext(t *types.Type) Context {
	return Context{Scope: ScopeType, Type: t, Path: field.NewPath(t.Name.String())}
}

// evalTag parses text (a tag without its "+") and evaluates it through a
// fresh registry, as the generator would.
func evalTag(t *testing.T, cfg Config, ctx Context, text string) (Validations, error) {
	t.Helper()
	return New(cfg).ExtractTagValidations(ctx, mustParse(t, text))
}

// mustParse parses a tag written without its "+".
func mustParse(t *testing.T, text string) codetags.Tag {
	t.Helper()
	tag, err := codetags.Parse(text)
	if err != nil {
		t.Fatalf("parsing %q: %v", text, err)
	}
	return tag
}

// mustFunctions evaluates text and returns its functions, failing the test
// on an error.
func mustFunctions(t *testing.T, ctx Context, text string) []FunctionGen {
	t.Helper()
	v, err := evalTag(t, Config{}, ctx, text)
	if err != nil {
		t.Fatalf("%s: unexpected error: %v", text, err)
	}
	return v.Functions
}

// wantError evaluates text and checks that it fails with a message holding
// substr.
func wantError(t *testing.T, ctx Context, text, substr string) {
	t.Helper()
	_, err := evalTag(t, Config{}, ctx, text)
	if err == nil {
		t.Fatalf("%s: expected an error containing %q", text, substr)
	}
	if !strings.Contains(err.Error(), substr) {
		t.Fatalf("%s: error %q does not contain %q", text, err, substr)
	}
}

func checkFunctions(t *testing.T, what string, got, want []FunctionGen) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %#v\nwant %#v", what, got, want)
	}
}

func TestTypeTrail(t *testing.T) {
	if got := typeTrail(types.String, types.String); got != "string" {
		t.Errorf("got %q", got)
	}
	if got := typeTrail(tNamedString, types.String); got != "p.Str -> string" {
		t.Errorf("got %q", got)
	}
}

func TestIntegerWidth(t *testing.T) {
	for typ, want := range map[*types.Type]int{types.Byte: 8, types.Int16: 16, types.Uint32: 32, types.Int64: 64} {
		if got, err := integerWidth(typ); err != nil || got != want {
			t.Errorf("%v: got %d, %v", typ, got, err)
		}
	}
	if _, err := integerWidth(types.Float64); err == nil {
		t.Error("float64: expected an error")
	}
}

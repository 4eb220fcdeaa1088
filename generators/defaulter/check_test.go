package defaulter

import (
	"strings"
	"testing"

	"k8s.io/gengo/v2/types"

	"github.com/apigen-dev/apigen/markers"
)

func TestDefaultGrammar(t *testing.T) {
	for _, c := range []struct {
		raw     string
		ref     *types.Name
		wantErr string
	}{
		{raw: `"x"`},
		{raw: `{"a": [1, 2.5, null, true]}`},
		{raw: `ref(Const)`, ref: &types.Name{Name: "Const"}},
		{raw: `ref(k8s.io/api/core/v1.PullAlways)`, ref: &types.Name{Package: "k8s.io/api/core/v1", Name: "PullAlways"}},
		{raw: `ref("quoted")`, wantErr: "not JSON"},
		{raw: `ref()`, wantErr: "not JSON"},
		{raw: ``, wantErr: "required"},
		{raw: `yes`, wantErr: "not JSON"},
		{raw: `{"a": 1`, wantErr: "not JSON"},
		{raw: `1 2`, wantErr: "not JSON"},
	} {
		v, err := markers.Default.Value.Parse(c.raw)
		switch {
		case c.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("Parse(%q) = %v, %v; want error containing %q", c.raw, v, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("Parse(%q): %v", c.raw, err)
		case c.ref != nil:
			if got := v.(markers.DefaultValue).Ref; got == nil || *got != *c.ref {
				t.Errorf("Parse(%q) ref = %v, want %v", c.raw, got, *c.ref)
			}
		case v.(markers.DefaultValue).Ref != nil:
			t.Errorf("Parse(%q) is a reference", c.raw)
		}
	}
}

func TestApplicable(t *testing.T) {
	builtin := func(name string) *types.Type { return &types.Type{Name: types.Name{Name: name}, Kind: types.Builtin} }
	str, i32, u8, f32, boolean := builtin("string"), builtin("int32"), builtin("uint8"), builtin("float32"), builtin("bool")
	ptr := func(e *types.Type) *types.Type { return &types.Type{Kind: types.Pointer, Elem: e} }
	slice := func(e *types.Type) *types.Type { return &types.Type{Kind: types.Slice, Elem: e} }
	named := func(name string, u *types.Type) *types.Type {
		return &types.Type{Name: types.Name{Package: "example.com/p", Name: name}, Kind: types.Alias, Underlying: u}
	}
	object := &types.Type{Name: types.Name{Package: "example.com/p", Name: "Object"}, Kind: types.Struct, Members: []types.Member{
		{Name: "Name", Type: str, Tags: `json:"name"`},
		{Name: "Size", Type: i32},
		{Name: "Hidden", Type: str, Tags: `json:"-"`},
		{Name: "Count", Type: i32, Tags: `json:"count,string"`},
	}}
	quantity := &types.Type{Name: types.Name{Package: "example.com/p", Name: "Quantity"}, Kind: types.Struct,
		Methods: map[string]*types.Type{"UnmarshalJSON": {}}}
	mapOf := func(k, e *types.Type) *types.Type { return &types.Type{Kind: types.Map, Key: k, Elem: e} }

	for _, c := range []struct {
		field   *types.Type
		raw     string
		wantErr string // "" for a fit
	}{
		{str, `"x"`, ""},
		{str, `3`, `want a string, got 3`},
		{ptr(i32), `7`, ""},
		{ptr(i32), `"7"`, `want an integer`},
		{i32, `2147483647`, ""},
		{i32, `2147483648`, `out of range for int32`},
		{i32, `1.0`, ""}, // written into the code as a Go constant
		{ptr(i32), `1e3`, ""},
		{i32, `1.5`, `not a whole number`},
		{u8, `-1`, `out of range for uint8`},
		{slice(i32), `[1.0]`, `item 0: 1.0 is not a valid int32`}, // unmarshalled by encoding/json
		{slice(i32), `[2147483648]`, `not a valid int32`},
		{f32, `1e39`, `out of range`},
		{ptr(boolean), `true`, ""},
		{boolean, `null`, `null is not a bool`},
		{named("Mode", str), `"Auto"`, ""},
		{ptr(ptr(named("Mode", str))), `"Auto"`, ""},
		{str, `"a\/b"`, `Go string literal`},
		{str, `ref(X)`, ""},
		{slice(str), `["a", "b"]`, ""},
		{slice(str), `null`, ""},
		{slice(str), `{"a": 1}`, `want an array, got an object`},
		{slice(str), `ref(X)`, `ref(...) can only default basic values`},
		{slice(u8), `"aGVsbG8="`, ""},
		{slice(u8), `"not base64!"`, `not base64`},
		{slice(ptr(i32)), `[1, null, 3]`, ""},
		{ptr(object), `{"name": "x", "SIZE": 2, "count": "3"}`, ""},
		{ptr(object), `{"Hidden": "x"}`, `has no field "Hidden"`},
		{ptr(object), `{"size": "big"}`, `field "size": want an integer`},
		{object, `{}`, `a struct field never is; make it a pointer`},
		{ptr(quantity), `"1Gi"`, ""},
		{mapOf(str, object), `{"a": {"name": "x"}}`, ""},
		{mapOf(i32, str), `{"1": "x", "two": "y"}`, `key "two": two is not a valid int32`},
		{mapOf(str, str), `["x"]`, `want an object`},
		{ptr(str), "\"back`quote\"", ""},
		{slice(str), "[\"back`quote\"]", `backquote`},
	} {
		v, err := markers.Default.Value.Parse(c.raw)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.raw, err)
		}
		err = applicable(c.field, v.(markers.DefaultValue), true)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s with %s: %v", spell(c.field), c.raw, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s with %s: got %v, want an error containing %q", spell(c.field), c.raw, err, c.wantErr)
		}
	}

	// On a type, a default for a struct is fine: it is applied to pointers
	// to the type.
	v, _ := markers.Default.Value.Parse(`{"name": "x"}`)
	if err := applicable(object, v.(markers.DefaultValue), false); err != nil {
		t.Errorf("type-level default on a struct: %v", err)
	}
	if err := applicable(object, v.(markers.DefaultValue), true); err == nil {
		t.Errorf("field default on a struct field: no error")
	}
}

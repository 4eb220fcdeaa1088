package applyconfig

import (
	"encoding/json"
	"reflect"
	"testing"

	"k8s.io/gengo/v2/types"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// TestForSMD checks that the definitions the openapi generator shares are
// copied, not changed, and that references come out as models-schema
// writes them: unescaped.
func TestForSMD(t *testing.T) {
	var in spec.Schema
	if err := json.Unmarshal([]byte(`{
		"description": "top",
		"type": "object",
		"properties": {
			"a": {"description": "a", "$ref": "#/definitions/example.com~1api~1v1.A"},
			"b": {"type": "array", "items": {"description": "b", "$ref": "#/definitions/io.k8s.B"}},
			"c": {"type": "object", "additionalProperties": {"$ref": "#/definitions/x~0y"}, "default": {}}
		}
	}`), &in); err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(in)
	out := forSMD(in)
	after, _ := json.Marshal(in)
	if string(before) != string(after) {
		t.Errorf("forSMD changed its input:\nbefore %s\nafter  %s", before, after)
	}
	got, _ := json.Marshal(out)
	const want = `{"type":"object","properties":{"a":{"$ref":"#/definitions/example.com/api/v1.A"},` +
		`"b":{"type":"array","items":{"$ref":"#/definitions/io.k8s.B"}},` +
		`"c":{"type":"object","default":{},"additionalProperties":{"$ref":"#/definitions/x~y"}}}}`
	if string(got) != want {
		t.Errorf("forSMD:\ngot  %s\nwant %s", got, want)
	}
}

func TestJSONTag(t *testing.T) {
	for _, c := range []struct {
		m    types.Member
		want string
		ok   bool
	}{
		{types.Member{Name: "Spec", Tags: `json:"spec,omitempty"`}, "spec,omitempty", true},
		{types.Member{Name: "Spec", Tags: `json:"spec" protobuf:"bytes,1"`}, "spec", true},
		{types.Member{Name: "TypeMeta", Embedded: true, Tags: `json:",inline"`}, "", true},
		{types.Member{Name: "ObjectMeta", Embedded: true, Tags: `json:"metadata,omitempty"`}, "metadata,omitempty", true},
		{types.Member{Name: "Name", Tags: `json:",omitempty"`}, "Name,omitempty", true},
		{types.Member{Name: "Raw", Tags: `json:"-"`}, "", false},
		{types.Member{Name: "Untagged"}, "", false},
	} {
		tag, ok := jsonTagOf(c.m)
		if ok != c.ok || ok && tag.String() != c.want {
			t.Errorf("%s %s: got %q %v, want %q %v", c.m.Name, c.m.Tags, tag, ok, c.want, c.ok)
		}
	}
}

func TestExternalFlag(t *testing.T) {
	f := NewExternalFlag()
	if err := f.Set(`example.com/api/v1.Thing:example.com/ac/v1,"example.com/api/v1.Other:example.com/ac/v1"`); err != nil {
		t.Fatal(err)
	}
	if err := f.Set(""); err != nil {
		t.Fatal(err)
	}
	want := DefaultExternal()
	want[types.Name{Package: "example.com/api/v1", Name: "Thing"}] = "example.com/ac/v1"
	want[types.Name{Package: "example.com/api/v1", Name: "Other"}] = "example.com/ac/v1"
	if !reflect.DeepEqual(f.Map, want) {
		t.Errorf("got %v, want %v", f.Map, want)
	}
	for _, bad := range []string{"example.com/api/v1.Thing:x", "a:b:c", "Thing:x", "example.com/api/v1.:x"} {
		if err := f.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
}

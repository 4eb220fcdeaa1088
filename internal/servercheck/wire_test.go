package servercheck

import (
	"encoding/json"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

type noJSON struct{ C chan int }

type stringer struct{ F func() }

func (stringer) String() string { return "shown by String" }

// TestErrorsRoundTrip sends field errors through JSON as the child does:
// each must come back printing the same, with the same type, field, detail
// and origin, and a string, nil or omitted value as it was.
func TestErrorsRoundTrip(t *testing.T) {
	p := field.NewPath("spec", "versions").Index(0).Child("name")
	errs := field.ErrorList{
		field.Invalid(p, "v1 beta", "a lowercase RFC 1123 label").WithOrigin("format=k8s-short-name"),
		field.Invalid(p, int64(5), "five"),
		field.Invalid(p, int32(-1), ""),
		field.Invalid(p, 0.000001, "small"),
		field.Invalid(p, float32(2.5), ""),
		field.Invalid(p, true, "must be false"),
		field.Invalid(p, []string{"a", "<b>"}, "a list"),
		field.Invalid(p, map[string]any{"x": 1.5}, "a map"),
		field.Invalid(p, (*int)(nil), "a nil pointer"),
		field.Invalid(p, noJSON{}, "no JSON, no String"),
		field.Invalid(p, stringer{}, "no JSON, a String"),
		field.Invalid(p, field.OmitValueType{}, "omitted"),
		field.Invalid(p, nil, "nil"),
		field.NotSupported(p, "Everywhere", []string{"Cluster", "Namespaced"}),
		field.Duplicate(p, 3),
		field.Required(p, "must be set"),
		field.Forbidden(p, "may not be set"),
		field.TooLong(p, "abc", 2),
		field.TooMany(p, 10, 5),
		field.TypeInvalid(p, "x", "must be an integer"),
		field.InternalError(p, errShown),
		{Type: field.ErrorTypeNotFound, Field: "spec.x", BadValue: "y"},
	}
	data, err := json.Marshal(encodeErrors(errs))
	if err != nil {
		t.Fatal(err)
	}
	var wire []wireError
	if err := json.Unmarshal(data, &wire); err != nil {
		t.Fatal(err)
	}
	got := decodeErrors(wire)
	if len(got) != len(errs) {
		t.Fatalf("%d errors back, sent %d", len(got), len(errs))
	}
	for i, want := range errs {
		g := got[i]
		if g.Error() != want.Error() {
			t.Errorf("error %d prints\n%s\nsent as\n%s", i, g.Error(), want.Error())
		}
		if g.Type != want.Type || g.Field != want.Field || g.Detail != want.Detail || g.Origin != want.Origin {
			t.Errorf("error %d: got %+v, sent %+v", i, g, want)
		}
		switch want.BadValue.(type) {
		case nil, string, field.OmitValueType:
			if !reflect.DeepEqual(g.BadValue, want.BadValue) {
				t.Errorf("error %d: value %#v, sent %#v", i, g.BadValue, want.BadValue)
			}
		}
	}
}

// TestNilAndEmptyLists: no errors stays nil, an empty list empty.
func TestNilAndEmptyLists(t *testing.T) {
	for _, errs := range []field.ErrorList{nil, {}} {
		data, _ := json.Marshal(encodeErrors(errs))
		var wire []wireError
		if err := json.Unmarshal(data, &wire); err != nil {
			t.Fatal(err)
		}
		if got := decodeErrors(wire); (got == nil) != (errs == nil) || len(got) != 0 {
			t.Errorf("sent %#v, got %#v", errs, got)
		}
	}
}

/*
Copyright The Frobber Authors.

Licensed under the Apache License, Version 2.0 (the "License"). This file may
be used only in accordance with the License, which can be obtained at

    http://www.apache.org/licenses/LICENSE-2.0

Unless applicable law requires otherwise or it was agreed to in writing, the
software is provided "AS IS", with no warranties or conditions of any kind,
express or implied. Consult the License for the exact terms that govern its
permissions and limitations.
*/

package v6

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"example.com/frobbers/apis/frobbers"
)

// The cases of the API guide's "Making a singular field plural".
func TestNormalizeParams(t *testing.T) {
	spec := func(param string, params ...string) *FrobberSpec {
		return &FrobberSpec{Param: param, Params: params}
	}
	cases := []struct {
		name          string
		before, after *FrobberSpec
		want          *FrobberSpec
		valid         bool
	}{
		{"create with singular only", nil, spec("a"), spec("a", "a"), true},
		{"create with both", nil, spec("a", "a", "b"), spec("a", "a", "b"), true},
		{"create with both, disagreeing", nil, spec("x", "a", "b"), spec("x", "a", "b"), false},
		{"create with plural only", nil, spec("", "a"), spec("", "a"), false},
		{"update clearing singular", spec("a", "a", "b"), spec("", "a", "b"), spec(""), true},
		{"update clearing plural", spec("a", "a", "b"), spec("a"), spec("a", "a", "b"), true},
		{"update changing singular", spec("a", "a", "b"), spec("c", "a", "b"), spec("c", "c"), true},
		{"update changing both", spec("a", "a", "b"), spec("c", "c", "d"), spec("c", "c", "d"), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			NormalizeParams(c.after, c.before)
			if c.after.Param != c.want.Param || !reflect.DeepEqual(c.after.Params, c.want.Params) {
				t.Errorf("normalized to %q %q, want %q %q", c.after.Param, c.after.Params, c.want.Param, c.want.Params)
			}
			errs := ValidateParams(c.after, field.NewPath("spec"))
			if valid := len(errs) == 0; valid != c.valid {
				t.Errorf("valid = %v, want %v: %v", valid, c.valid, errs)
			}
		})
	}
}

// Reading: an object stored by an old client has only Param, and the
// internal version sees it as a one-element Params. Writing back gives
// both fields.
func TestParamConversion(t *testing.T) {
	var internal frobbers.FrobberSpec
	if err := Convert_v6_FrobberSpec_To_frobbers_FrobberSpec(&FrobberSpec{Param: "old"}, &internal, nil); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(internal.Params, []string{"old"}) {
		t.Errorf("internal Params = %q, want [old]", internal.Params)
	}
	var back FrobberSpec
	if err := Convert_frobbers_FrobberSpec_To_v6_FrobberSpec(&internal, &back, nil); err != nil {
		t.Fatal(err)
	}
	if back.Param != "old" || !reflect.DeepEqual(back.Params, []string{"old"}) {
		t.Errorf("v6 spec = %q %q, want old [old]", back.Param, back.Params)
	}
}

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
	"fmt"

	"k8s.io/apimachinery/pkg/conversion"

	"example.com/frobbers/apis/frobbers"
)

// Convert_v6_FrobberSpec_To_frobbers_FrobberSpec reads a v6 spec into the
// internal one, which has only Params. An object written by a client that
// knows only Param reads as a one-element Params.
func Convert_v6_FrobberSpec_To_frobbers_FrobberSpec(in *FrobberSpec, out *frobbers.FrobberSpec, s conversion.Scope) error {
	if err := autoConvert_v6_FrobberSpec_To_frobbers_FrobberSpec(in, out, s); err != nil {
		return err
	}
	if len(in.Params) == 0 && in.Param != "" {
		out.Params = []string{in.Param}
	}
	return nil
}

// Convert_frobbers_FrobberSpec_To_v6_FrobberSpec writes the internal spec as
// v6: Param is the first of Params.
func Convert_frobbers_FrobberSpec_To_v6_FrobberSpec(in *frobbers.FrobberSpec, out *FrobberSpec, s conversion.Scope) error {
	if err := autoConvert_frobbers_FrobberSpec_To_v6_FrobberSpec(in, out, s); err != nil {
		return err
	}
	out.Param = ""
	if len(in.Params) > 0 {
		out.Param = in.Params[0]
	}
	return nil
}

// Convert_v6_Widget_To_frobbers_Widget converts the concrete widgets this
// version knows. No generator can convert interface values.
func Convert_v6_Widget_To_frobbers_Widget(in *Widget, out *frobbers.Widget, s conversion.Scope) error {
	switch w := (*in).(type) {
	case nil:
		*out = nil
	case *GearWidget:
		g := new(frobbers.GearWidget)
		if err := Convert_v6_GearWidget_To_frobbers_GearWidget(w, g, s); err != nil {
			return err
		}
		*out = g
	default:
		return fmt.Errorf("cannot convert widget of type %T", w)
	}
	return nil
}

// Convert_frobbers_Widget_To_v6_Widget converts the internal widgets back.
func Convert_frobbers_Widget_To_v6_Widget(in *frobbers.Widget, out *Widget, s conversion.Scope) error {
	switch w := (*in).(type) {
	case nil:
		*out = nil
	case *frobbers.GearWidget:
		g := new(GearWidget)
		if err := Convert_frobbers_GearWidget_To_v6_GearWidget(w, g, s); err != nil {
			return err
		}
		*out = g
	default:
		return fmt.Errorf("cannot convert widget of type %T", w)
	}
	return nil
}

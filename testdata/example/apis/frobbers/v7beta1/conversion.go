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

package v7beta1

import (
	"fmt"

	"k8s.io/apimachinery/pkg/conversion"

	"example.com/frobbers/apis/frobbers"
)

// Convert_v7beta1_Widget_To_frobbers_Widget converts the concrete widgets this
// version knows. No generator can convert interface values.
func Convert_v7beta1_Widget_To_frobbers_Widget(in *Widget, out *frobbers.Widget, s conversion.Scope) error {
	switch w := (*in).(type) {
	case nil:
		*out = nil
	case *GearWidget:
		g := new(frobbers.GearWidget)
		if err := Convert_v7beta1_GearWidget_To_frobbers_GearWidget(w, g, s); err != nil {
			return err
		}
		*out = g
	default:
		return fmt.Errorf("cannot convert widget of type %T", w)
	}
	return nil
}

// Convert_frobbers_Widget_To_v7beta1_Widget converts the internal widgets back.
func Convert_frobbers_Widget_To_v7beta1_Widget(in *frobbers.Widget, out *Widget, s conversion.Scope) error {
	switch w := (*in).(type) {
	case nil:
		*out = nil
	case *frobbers.GearWidget:
		g := new(GearWidget)
		if err := Convert_frobbers_GearWidget_To_v7beta1_GearWidget(w, g, s); err != nil {
			return err
		}
		*out = g
	default:
		return fmt.Errorf("cannot convert widget of type %T", w)
	}
	return nil
}

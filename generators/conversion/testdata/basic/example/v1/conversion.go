package v1

import (
	"k8s.io/apimachinery/pkg/conversion"

	"github.com/apigen-dev/apigen/generators/conversion/testdata/basic/example"
)

// Convert_example_WidgetSpec_To_v1_WidgetSpec drops Extra, which v1 lacks.
func Convert_example_WidgetSpec_To_v1_WidgetSpec(in *example.WidgetSpec, out *WidgetSpec, s conversion.Scope) error {
	return autoConvert_example_WidgetSpec_To_v1_WidgetSpec(in, out, s)
}

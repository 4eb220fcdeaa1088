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

package v5

import (
	"k8s.io/apimachinery/pkg/conversion"

	v6 "example.com/frobbers/apis/frobbers/v6"
)

// The one conversion written by hand: v5 holds the frob's extent in Size,
// v6 in Height and Width. Everything else is generated.

// Convert_v5_FrobberSpec_To_v6_FrobberSpec moves Size into Height and Width.
func Convert_v5_FrobberSpec_To_v6_FrobberSpec(in *FrobberSpec, out *v6.FrobberSpec, s conversion.Scope) error {
	out.Height, out.Width = in.Size.Height, in.Size.Width
	return autoConvert_v5_FrobberSpec_To_v6_FrobberSpec(in, out, s)
}

// Convert_v6_FrobberSpec_To_v5_FrobberSpec moves Height and Width into Size.
func Convert_v6_FrobberSpec_To_v5_FrobberSpec(in *v6.FrobberSpec, out *FrobberSpec, s conversion.Scope) error {
	out.Size = FrobberSize{Height: in.Height, Width: in.Width}
	return autoConvert_v6_FrobberSpec_To_v5_FrobberSpec(in, out, s)
}

package v1

import (
	"k8s.io/apimachinery/pkg/conversion"

	"example.com/crdconv/apis/keptcycles/shared/alpha"
	"example.com/crdconv/apis/keptcycles/shared/beta"
)

// The shared packages are no peers of this version, so their conversion
// is written by hand. What alpha.Extra has more is kept by the generated
// ConvertFromHub.

// Convert_beta_Extra_To_alpha_Extra converts the fields both have.
func Convert_beta_Extra_To_alpha_Extra(in *beta.Extra, out *alpha.Extra, s conversion.Scope) error {
	out.Name = in.Name
	return nil
}

// Convert_alpha_Extra_To_beta_Extra converts the fields both have.
func Convert_alpha_Extra_To_beta_Extra(in *alpha.Extra, out *beta.Extra, s conversion.Scope) error {
	out.Name = in.Name
	return nil
}

package v1

import (
	"k8s.io/apimachinery/pkg/conversion"

	"conv.example/apis/thing"
)

// Thing is a versioned type.
type Thing struct {
	Name  string
	Size  int32
	Extra Gadget
}

// Gadget is a versioned part.
type Gadget struct {
	Label string
}

// Convert_v1_Gadget_To_thing_Part converts a Gadget, but its name does not
// say so; upstream generates Convert_v1_Gadget_To_thing_Gadget itself.
func Convert_v1_Gadget_To_thing_Part(in *Gadget, out *thing.Gadget, s conversion.Scope) error {
	return nil
}

// Convert_v1_Label lacks the conversion.Scope parameter.
func Convert_v1_Label(in *Gadget, out *string) error {
	return nil
}

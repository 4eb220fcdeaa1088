package v1

import "conv.example/apis/thing"

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

// Convert_v1_Thing_To_thing_Thing lacks the conversion.Scope parameter.
func Convert_v1_Thing_To_thing_Thing(in *Thing, out *thing.Thing) error {
	return nil
}

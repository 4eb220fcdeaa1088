package v1

// Thing renamed Size and changed the type of Name.
type Thing struct {
	Name   []string
	Length int32
	Extra  Gadget
}

// Gadget is a versioned part.
type Gadget struct {
	Label string
}

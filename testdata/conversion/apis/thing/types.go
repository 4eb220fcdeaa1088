// Package thing holds the internal types the versioned packages convert to.
package thing

// Thing is the internal form.
type Thing struct {
	Name  string
	Size  int32
	Extra Gadget
}

// Gadget is an internal part.
type Gadget struct {
	Label string
}

// Package v1 holds types that another package writes defaulters for.
package v1

type TypeMeta struct {
	Kind string
}

type Gadget struct {
	TypeMeta
	Size *int32
	// +default=5
	Count *int32
}

type GadgetList struct {
	TypeMeta
	Items []Gadget
}

type Bare struct {
	TypeMeta
	Note string
}

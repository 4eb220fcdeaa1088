package v1

// +genclient
type Gadget struct{}

type GadgetList struct{ Items []Gadget }

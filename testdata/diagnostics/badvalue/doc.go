// Package badvalue gives the package marker a value it does not take.
//
// +k8s:deepcopy-gen=maybe
package badvalue

// Gadget is an ordinary struct.
type Gadget struct {
	Name string
}

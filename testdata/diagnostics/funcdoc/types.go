package funcdoc

// Gadget is an ordinary struct.
type Gadget struct {
	Parts []string
}

// +k8s:deepcopy-gen=false on Gadget would leave it out; this function is
// about that. deepcopy-gen reads no marker on a function.
func Describe(g *Gadget) string {
	return "gadget"
}

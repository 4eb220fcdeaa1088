package misplaced

// Copier is an interface.
type Copier interface{ DeepCopyCopier() Copier }

// Gadget's fields carry type markers.
type Gadget struct {
	// +k8s:deepcopy-gen=false
	Name string
	// +k8s:deepcopy-gen:interfaces=diag.example/misplaced.Copier
	Parts []string
}

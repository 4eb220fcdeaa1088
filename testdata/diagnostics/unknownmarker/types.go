package unknownmarker

// Gadget has a marker that deepcopy-gen does not know.
// +k8s:deepcopy-gen:interface=diag.example/unknownmarker.Copier
type Gadget struct {
	Name string
}

// Widget misspells the marker's name space.
// +k8s:deepcopygen=true
type Widget struct {
	Size int
}

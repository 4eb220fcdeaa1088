package badinterface

// Copier is not an interface.
type Copier struct{}

// Gadget names a type that does not exist.
// +k8s:deepcopy-gen:interfaces=diag.example/badinterface.Missing
type Gadget struct {
	Name string
}

// Widget names a struct where an interface belongs.
// +k8s:deepcopy-gen:interfaces=diag.example/badinterface.Copier
type Widget struct {
	Size int
}

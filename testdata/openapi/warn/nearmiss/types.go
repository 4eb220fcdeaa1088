package nearmiss

// Misspelt has a +k8s:validation: key the family does not know.
type Misspelt struct {
	// +k8s:validation:maaxLength=15
	// +optional
	Name string `json:"name,omitempty"`
}

// Maybe is generated, as its package asks; the value of its marker is
// neither true nor false.
// +k8s:openapi-gen=maybe
type Maybe struct {
	// +k8s:openapi-gen=maybe
	// +optional
	Size int32 `json:"size,omitempty"`
}

// Prefix misspells +k8s:validation: (near misses 12, 17, 21 and 22).
type Prefix struct {
	// +k8s:vaalidation:minimum=0
	// +optional
	Count int32 `json:"count,omitempty"`
}

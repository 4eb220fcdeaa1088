package maxitemsstring

// Pool bounds the length of a string as if it were a list.
type Pool struct {
	// name of the pool.
	// +k8s:validation:maxItems=5
	// +optional
	Name string `json:"name,omitempty"`
}

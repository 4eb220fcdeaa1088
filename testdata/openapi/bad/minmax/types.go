package minmax

// Pool has an empty range.
type Pool struct {
	// size of the pool.
	// +k8s:validation:minimum=10
	// +k8s:validation:maximum=5
	// +optional
	Size int32 `json:"size,omitempty"`
}

package celgap

// Pool starts its rules at index 1.
type Pool struct {
	// size of the pool.
	// +k8s:validation:cel[1]:rule="self > 0"
	// +k8s:validation:cel[1]:message="size must be positive"
	// +optional
	Size int32 `json:"size,omitempty"`
}

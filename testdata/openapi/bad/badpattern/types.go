package badpattern

// Pool has a pattern that is not a regular expression.
type Pool struct {
	// name of the pool.
	// +k8s:validation:pattern="^[a-z+$"
	// +optional
	Name string `json:"name,omitempty"`
}

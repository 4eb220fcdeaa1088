package optionalrequired

// Pool has a field that is both optional and required.
type Pool struct {
	// name of the pool.
	// +optional
	// +required
	Name string `json:"name,omitempty"`
}

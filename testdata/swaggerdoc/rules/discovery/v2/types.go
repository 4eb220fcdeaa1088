package v2

// Discovery is in a group Kubernetes does not generate swagger docs for.
type Discovery struct {
	// Field is documented.
	Field string `json:"field"`
}

package v1

// Elsewhere is documented, but it is not in types.go: no map.
type Elsewhere struct {
	// Field is documented too.
	Field string `json:"field"`
}

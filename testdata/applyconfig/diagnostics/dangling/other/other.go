// Package other is not marked for openapi-gen.
package other

// Ref is a reference.
type Ref struct {
	Name string `json:"name"`
}

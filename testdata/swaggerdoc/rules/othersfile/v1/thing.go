// Package v1 has no types.go.
package v1

// Thing is documented.
type Thing struct{}

// Package v1 asks for a client for a type that has no ObjectMeta.
package v1

// +genclient
type Widget struct {
	Name string `json:"name"`
}

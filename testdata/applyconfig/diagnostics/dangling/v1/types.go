package v1

import "acdiag.example/dangling/other"

// Thing asks for a client.
// +genclient
type Thing struct {
	// Ref has no definition.
	Ref other.Ref `json:"ref"`
}

// Box does too, and refers to the same type.
// +genclient
type Box struct {
	Ref other.Ref `json:"ref"`
}

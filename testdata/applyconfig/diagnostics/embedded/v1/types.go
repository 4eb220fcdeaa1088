package v1

import "acdiag.example/embedded/other"

// Thing asks for a client.
// +genclient
type Thing struct {
	// Meta is embedded under a name.
	other.Meta `json:"meta,omitempty"`
	// Spec is fine.
	Spec Spec `json:"spec"`
}

// Spec embeds it too.
type Spec struct {
	other.Meta `json:"meta,omitempty"`
	Size       int32 `json:"size"`
}

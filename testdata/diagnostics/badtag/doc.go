// +k8s:deepcopy-gen=package

// Package badtag has a malformed struct tag.
package badtag

// Gadget's Name tag lacks quotes.
type Gadget struct {
	Name string `json:name`
	Size int    `json:"size,omitempty"`
}

package hand

// Manual is copied by hand.
type Manual struct {
	// Items are kept as they are.
	Items []string `json:"items,omitempty"`
}

// Generated gets DeepCopy from the object generator.
// +kubebuilder:object:generate:=true
type Generated struct {
	// Items are copied.
	Items []string `json:"items,omitempty"`
	// Next is copied deeply.
	Next *Generated `json:"next,omitempty"`
}

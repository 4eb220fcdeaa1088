package elems

// Base holds the fields that identify a member.
type Base struct {
	Name string `json:"name"`
	// +optional
	Zone string `json:"zone,omitempty"`
}

// Member is an element of a map list, keyed by Base's fields.
type Member struct {
	Base `json:",inline"`
	Size int32 `json:"size"`
}

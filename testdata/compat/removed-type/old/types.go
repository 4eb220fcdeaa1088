package v1

// Config is a configuration type (no kinds in this package).
type Config struct {
	// +optional
	Name string `json:"name,omitempty"`
	// +optional
	Extra *Extra `json:"extra,omitempty"`
}

// Extra is served too.
type Extra struct {
	// +optional
	Level int32 `json:"level,omitempty"`
}

// Legacy is an exported type that nothing refers to.
type Legacy struct { // want: removed-type
	// +optional
	Note string `json:"note,omitempty"`
}

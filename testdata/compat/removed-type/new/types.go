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

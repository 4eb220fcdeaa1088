package api

type Frobber struct {
	// Width is cleared to 0, which JSON still writes.
	// +featureGate=Frobber2D
	Width int32 `json:"width"`
	// Ports is a struct value without omitempty.
	// +featureGate=FrobberPortHints
	Ports Ports `json:"ports"`
	// Depth is fine: omitempty leaves a cleared value out.
	// +featureGate=Frobber2D
	// +optional
	Depth int32 `json:"depth,omitempty"`
}

type Ports struct {
	Count int32 `json:"count"`
}

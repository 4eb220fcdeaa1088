package api

type Frobber struct {
	// +featureGate=
	// +optional
	Width *int32 `json:"width,omitempty"`
	// +featureGate=Frobber2D,,FrobberPortHints
	// +optional
	Depth *int32 `json:"depth,omitempty"`
}

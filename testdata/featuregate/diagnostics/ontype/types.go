package api

// Frobber is gated as a whole, which a type cannot be.
// +featureGate=Frobber2D
type Frobber struct {
	// +optional
	Width *int32 `json:"width,omitempty"`
}

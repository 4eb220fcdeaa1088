package featuregate

// Frobber has gated fields.
type Frobber struct {
	// want +1 `unknown feature gate "Frobber2d"; did you mean Frobber2D\?`
	// +featureGate=Frobber2d
	// +optional
	Width *int32 `json:"width,omitempty"`
	// want +1 `\+featureGate on field Frobber.Depth: it is neither a pointer, slice or map nor omitempty`
	// +featureGate=FrobberPortHints
	Depth int32 `json:"depth"`
}

package api

type Frobber struct {
	// +featureGate=Frobber2D
	// +optional
	Width *int32 `json:"width,omitempty"`
	// +k8s:featureGate=FrobberPortHints
	// +optional
	Hints []string `json:"hints,omitempty"`
}

package api

type Frobber struct {
	// +featureGate=Frobber2d
	// +optional
	Width *int32 `json:"width,omitempty"`
	// +k8s:featureGate=FrobberPortHints,FrobberPortHint
	// +optional
	Hints []string `json:"hints,omitempty"`
	// +featureGate=Hidden
	// +optional
	Depth *int32 `json:"depth,omitempty"`
	Mode  Mode   `json:"mode,omitempty"`
}

type Mode string

const (
	ModeFast Mode = "Fast"
	// +featureGate=FrobbberTurbo
	ModeTurbo Mode = "Turbo"
)

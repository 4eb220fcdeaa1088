// Package other is a dependency of api that does not opt in: its gated
// fields and values still count where api's types reach them.
package other

// Limits is reached from api through a pointer.
type Limits struct {
	// +featureGate=OtherLimits
	// +optional
	Burst *int32 `json:"burst,omitempty"`
	Mode  Mode   `json:"mode,omitempty"`
}

// Mode is an enum with one gated value.
type Mode string

const (
	ModeSteady Mode = "Steady"
	// +featureGate=TurboMode
	ModeTurbo Mode = "Turbo"
)

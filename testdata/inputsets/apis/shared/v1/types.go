package v1

// Limits is a field of things/v1's ThingSpec.
type Limits struct {
	Max   int32  `json:"max"`
	Burst *int32 `json:"burst,omitempty"`
}

// Mode is defaulted through pointers to it and in slices of it, by the
// tools that read this package's type comments.
// +default="fast"
type Mode string

// Phase is an enum for the tools that read this package's type comments.
// +enum
type Phase string

const (
	// PhaseReady is ready.
	PhaseReady Phase = "Ready"
	// PhaseDone is done.
	PhaseDone Phase = "Done"
)

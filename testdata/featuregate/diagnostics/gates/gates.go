// Package gates lists the feature gates the fixtures know.
package gates

// Feature is a feature gate's name.
type Feature string

const (
	Frobber2D        Feature = "Frobber2D"
	FrobberPortHints Feature = "FrobberPortHints"

	// notAGate is not exported, so it is not a known gate.
	notAGate Feature = "Hidden"
)

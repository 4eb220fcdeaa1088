// Package gates lists the known feature gates.
package gates

// Feature is a feature gate's name.
type Feature string

const (
	Frobber2D        Feature = "Frobber2D"
	FrobberPortHints Feature = "FrobberPortHints"
)

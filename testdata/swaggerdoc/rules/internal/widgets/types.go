// Package widgets is an internal version: its directory is not a version.
package widgets

// Widget is documented.
type Widget struct{}

// Package none has no struct types: upstream writes nothing.
package none

// Name is a string.
type Name string

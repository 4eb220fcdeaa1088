// Package shared holds types whose defaulting functions are in a peer package.
package shared

type Thing struct {
	Value string
}

const DefaultValue = "shared"

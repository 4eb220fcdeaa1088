// +groupName=alpha.example.com
// +groupGoName=AlphaGroup

// Package alpha holds the internal types of the alpha group.
package alpha

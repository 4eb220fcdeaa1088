// +groupName=alpha.example.com
// +groupGoName=AlphaGroup

// Package v2 is version v2 of the alpha group.
package v2

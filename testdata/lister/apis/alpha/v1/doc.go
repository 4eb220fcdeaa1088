// +groupName=alpha.example.com
// +groupGoName=AlphaGroup

// Package v1 is version v1 of the alpha group.
package v1

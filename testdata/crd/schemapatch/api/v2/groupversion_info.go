// Package v2 is version v2 of the ships API.
// +kubebuilder:object:generate=true
// +groupName=ships.schemapatch.example
package v2

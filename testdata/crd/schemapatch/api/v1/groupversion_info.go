// Package v1 is version v1 of the ships API.
// +kubebuilder:object:generate=true
// +groupName=ships.schemapatch.example
package v1

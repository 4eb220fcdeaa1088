// Package v1 is version v1 of the widgets API.
// +kubebuilder:object:generate=true
// +groupName=shop.features.example
package v1

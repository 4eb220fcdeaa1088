// Package hand copies its types by hand, except for the one type that
// asks for generated methods.
// +kubebuilder:object:generate:=false
package hand

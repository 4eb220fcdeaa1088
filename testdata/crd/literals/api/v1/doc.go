// Package v1 holds a kind whose markers use controller-gen's value
// literals (objects, lists, lists of objects, objects holding them) and
// its name:=value form.
// +kubebuilder:object:generate:=true
// +groupName=literals.example
package v1

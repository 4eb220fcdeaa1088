// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package v1 breaks validation-gen's lint rules in a stable version.
package v1

// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package user calls the validation of types in read-only packages.
package user

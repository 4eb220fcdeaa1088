// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package unknowntag misspells a validation tag.
package unknowntag

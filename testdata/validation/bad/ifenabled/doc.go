// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package ifenabled gates a validation on no gate.
package ifenabled

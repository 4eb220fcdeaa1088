// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package v1alpha1 may use alpha tags without a prefix.
package v1alpha1

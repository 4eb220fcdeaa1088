// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package unionmember has a union member but no union.
package unionmember

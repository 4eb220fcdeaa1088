// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package maxlenint limits the length of a number.
package maxlenint

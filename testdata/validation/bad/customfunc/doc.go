// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package customfunc has a hand-written validation that no tag calls.
package customfunc

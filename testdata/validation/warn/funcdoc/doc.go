// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package funcdoc has a hand-written validation whose doc comment starts
// with the name of the tag that calls it.
package funcdoc

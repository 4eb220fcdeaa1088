// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil

// Package listmapkey keys a list-map by a field its items lack.
package listmapkey

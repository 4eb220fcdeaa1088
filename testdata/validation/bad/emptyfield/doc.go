// +k8s:validation-gen=TypesWithField=
// +k8s:validation-gen-scheme-registry=nil

// Package emptyfield selects types by a field with no name.
package emptyfield

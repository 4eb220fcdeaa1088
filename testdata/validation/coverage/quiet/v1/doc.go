// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-scheme-registry=nil

// Package v1 does not register its validations: it gets no fixtures.
package v1

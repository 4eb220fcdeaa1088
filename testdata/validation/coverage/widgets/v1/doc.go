// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-test-targets

// Package v1 is a version of an API group, for coverage fixtures.
package v1

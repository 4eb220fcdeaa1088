// +k8s:validation-gen=TypesWithField=TypeMeta

// Package v1 is in the legacy (empty) API group.
package v1

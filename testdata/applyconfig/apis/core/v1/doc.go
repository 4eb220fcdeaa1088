// +k8s:openapi-gen=true
// +groupName=
// +k8s:openapi-model-package=example.acapis.core.v1

// Package v1 is in the legacy group, whose name is empty.
package v1

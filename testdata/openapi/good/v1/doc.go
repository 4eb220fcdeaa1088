// Package v1 covers what openapi-gen does with markers and Go types that
// the Kubernetes modules use little or not at all.
//
// +k8s:openapi-gen=true
// +k8s:openapi-model-package=example.openapi.v1
// +groupName=openapi.example
package v1

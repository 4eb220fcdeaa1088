// +k8s:openapi-gen=true
// +groupName=dangling.example.com
// +k8s:openapi-model-package=example.acdiag.dangling.v1

// Package v1 refers to a type that openapi-gen does not cover.
package v1

// +k8s:openapi-gen=true
// +groupName=alpha.example.com
// +k8s:openapi-model-package=example.acapis.alpha.v2

// Package v2 is a second version of the alpha group.
package v2

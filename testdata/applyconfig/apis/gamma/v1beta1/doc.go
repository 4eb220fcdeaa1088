// +k8s:openapi-gen=true
// +groupName=gamma.other.io
// +k8s:openapi-model-package=example.acapis.gamma.v1beta1

// Package v1beta1's group differs from its directory's name.
package v1beta1

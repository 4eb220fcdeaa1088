// +k8s:openapi-gen=true
// +groupName=alpha.example.com
// +groupGoName=AlphaGroup
// +k8s:openapi-model-package=example.acapis.alpha.v1

// Package v1 has every kind of field an apply configuration handles.
package v1

// +k8s:openapi-gen=true
// +k8s:applyconfiguration-gen=false
// +groupName=beta.example.com
// +k8s:openapi-model-package=example.acapis.beta.v1

// Package v1 asks for no apply configurations; alpha/v1 refers to its types.
package v1

// +k8s:deepcopy-gen=package
// +k8s:openapi-model-package=dev.apigen.example.v1
// +k8s:openapi-gen=true
// +groupName=example.apigen.dev

// Package v1 is a small API for a golden test.
package v1

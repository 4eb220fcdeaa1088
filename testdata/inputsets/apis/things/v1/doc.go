// Package v1 is the things.inputsets.example API group, version v1.
//
// +k8s:deepcopy-gen=package
// +k8s:defaulter-gen=TypeMeta
// +k8s:openapi-gen=true
// +groupName=things.inputsets.example
package v1

// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-input=k8s.io/api/resource/v1

// Package v1 stands in for k8s.io/kubernetes/pkg/apis/resource/v1.
package v1

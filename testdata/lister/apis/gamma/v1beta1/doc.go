// +groupName=gamma.example.com
// +k8s:informer-gen=false

// Package v1beta1 asks for no informers; it still gets listers.
package v1beta1

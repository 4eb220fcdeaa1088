// +groupName=beta.example.com
// +k8s:lister-gen=false

// Package v1 asks for no listers; it still gets informers.
package v1

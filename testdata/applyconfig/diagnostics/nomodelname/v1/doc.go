// +k8s:openapi-gen=true
// +groupName=nomodelname.example.com

// Package v1 has OpenAPI definitions named by Go name, which the Extract
// functions cannot look up.
package v1

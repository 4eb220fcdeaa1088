// +groupName=noopenapi.example.com
// +k8s:openapi-model-package=example.acdiag.noopenapi.v1

// Package v1 is not marked for openapi-gen, but one of its types is: the
// other has no definition for the schema of its Extract functions.
package v1

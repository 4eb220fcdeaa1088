// +k8s:openapi-gen=true
// +groupName=listmap.example.com
// +k8s:openapi-model-package=example.acdiag.listmap.v1

// Package v1 has a list whose OpenAPI markers server-side apply cannot
// use: the in-process schema reports it.
package v1

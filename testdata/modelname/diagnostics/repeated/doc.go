// Package repeated gives model packages twice, with different values:
// upstream reads the first.
//
// +k8s:openapi-model-package=io.example.first
// +k8s:openapi-model-package=io.example.second
package repeated

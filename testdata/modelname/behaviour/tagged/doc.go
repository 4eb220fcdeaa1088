// Package tagged names a model package for all its struct types.
//
// +k8s:openapi-model-package=com.example.tagged
package tagged

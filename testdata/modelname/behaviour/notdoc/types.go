// Package comments outside doc.go are not read.
//
// +k8s:openapi-model-package=com.example.notdoc
package notdoc

// Plain has no model package.
type Plain struct{ A int }

// +k8s:openapi-gen=true

// Package hasself is a CEL case of shared/cel-rules.md.
package hasself

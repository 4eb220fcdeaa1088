// +k8s:openapi-gen=true

// Package valid is a CEL case of shared/cel-rules.md.
package valid

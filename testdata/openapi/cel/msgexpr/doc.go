// +k8s:openapi-gen=true

// Package msgexpr is a CEL case of shared/cel-rules.md.
package msgexpr

// +k8s:openapi-gen=true

// Package oldselflist is a CEL case of shared/cel-rules.md.
package oldselflist

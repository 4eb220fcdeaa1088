// +k8s:openapi-gen=true

// Package costunbounded is a CEL case of shared/cel-rules.md.
package costunbounded

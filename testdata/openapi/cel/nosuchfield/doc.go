// +k8s:openapi-gen=true

// Package nosuchfield is a CEL case of shared/cel-rules.md.
package nosuchfield

// +k8s:openapi-gen=true

// Package nooverload is a CEL case of shared/cel-rules.md.
package nooverload

// +k8s:conversion-gen=conv.example/apis/thing

// Package v1 has a hand-written conversion with the wrong signature.
package v1

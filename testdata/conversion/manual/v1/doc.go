// +k8s:conversion-gen=conv.example/apis/thing

// Package v1 has fields that need a hand-written conversion.
package v1

// +k8s:conversion-gen=conv.example/apis/thing

// Package v1 has a field whose type no conversion reaches.
package v1

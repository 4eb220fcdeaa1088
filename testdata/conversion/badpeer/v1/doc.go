// +k8s:conversion-gen=conv.example/apis/nothere

// Package v1 names a peer package that does not exist.
package v1

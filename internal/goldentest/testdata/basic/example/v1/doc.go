// +k8s:deepcopy-gen=package
// +groupName=example.apigen.dev

// Package v1 is a small API for a golden test.
package v1

// +k8s:conversion-gen=github.com/apigen-dev/apigen/generators/conversion/testdata/basic/example
// +groupName=example.apigen.dev

// Package v1 is the external version of a small API.
package v1

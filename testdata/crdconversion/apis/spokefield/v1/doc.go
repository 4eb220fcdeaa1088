// Package v1 is a spoke of group spokefield.crdconv.example with a field
// hub v2 has no counterpart for, and no hand-written conversion of it.
//
// +groupName=spokefield.crdconv.example
// +k8s:conversion-gen=example.com/crdconv/apis/spokefield/v2
package v1

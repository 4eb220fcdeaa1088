// Package v1 is a spoke of group kept.crdconv.example: it converts through
// hub v2, whose fields it lacks are kept in an annotation.
//
// +groupName=kept.crdconv.example
// +k8s:conversion-gen=example.com/crdconv/apis/kept/v2
package v1

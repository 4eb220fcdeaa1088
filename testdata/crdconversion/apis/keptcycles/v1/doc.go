// Package v1 is a spoke of group keptcycles.crdconv.example.
//
// +groupName=keptcycles.crdconv.example
// +k8s:conversion-gen=example.com/crdconv/apis/keptcycles/v2
package v1

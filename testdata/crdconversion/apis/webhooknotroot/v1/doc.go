// Package v1 is a spoke of group webhooknotroot.crdconv.example.
//
// +groupName=webhooknotroot.crdconv.example
// +k8s:conversion-gen=example.com/crdconv/apis/webhooknotroot/v2
package v1

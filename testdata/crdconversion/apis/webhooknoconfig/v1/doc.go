// Package v1 is a spoke of group webhooknoconfig.crdconv.example.
//
// +groupName=webhooknoconfig.crdconv.example
// +k8s:conversion-gen=example.com/crdconv/apis/webhooknoconfig/v2
package v1

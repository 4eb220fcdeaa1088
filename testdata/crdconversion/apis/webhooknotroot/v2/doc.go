// Package v2 is the hub of group webhooknotroot.crdconv.example, whose
// webhook marker is on the spec instead of the kind.
//
// +groupName=webhooknotroot.crdconv.example
// +apigen:conversion:hub
package v2

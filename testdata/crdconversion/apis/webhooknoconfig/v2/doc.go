// Package v2 is the hub of group webhooknoconfig.crdconv.example, whose
// webhook marker gives a path but neither a url nor a service.
//
// +groupName=webhooknoconfig.crdconv.example
// +apigen:conversion:hub
package v2

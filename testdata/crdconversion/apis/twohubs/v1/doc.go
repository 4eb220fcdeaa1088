// Package v1 claims to be the hub of group twohubs.crdconv.example.
//
// +groupName=twohubs.crdconv.example
// +apigen:conversion:hub
package v1

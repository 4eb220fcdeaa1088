// Package v2 claims to be the hub of group twohubs.crdconv.example too.
//
// +groupName=twohubs.crdconv.example
// +apigen:conversion:hub
package v2

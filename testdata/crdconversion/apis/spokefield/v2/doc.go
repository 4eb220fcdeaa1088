// Package v2 is the hub of group spokefield.crdconv.example.
//
// +groupName=spokefield.crdconv.example
// +apigen:conversion:hub
package v2

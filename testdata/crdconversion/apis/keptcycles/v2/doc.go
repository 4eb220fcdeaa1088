// Package v2 is the hub of group keptcycles.crdconv.example: v1 lacks
// fields of types that hold themselves, and of two types of one name.
//
// +groupName=keptcycles.crdconv.example
// +apigen:conversion:hub
package v2

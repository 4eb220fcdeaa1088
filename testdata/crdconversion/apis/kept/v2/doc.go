// Package v2 is the hub of group kept.crdconv.example: v1 converts through
// it, and v1 lacks some of its fields at every depth the kept-fields
// annotation handles.
//
// +groupName=kept.crdconv.example
// +apigen:conversion:hub
package v2

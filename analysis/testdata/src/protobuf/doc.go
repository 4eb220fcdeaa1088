// Package protobuf gives a new field the number of a removed one, and
// leaves a number without a tombstone.
//
// +apigen:protobuf:tombstones=required
package protobuf

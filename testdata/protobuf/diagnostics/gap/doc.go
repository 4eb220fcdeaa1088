// Package gap removed fields without tombstones, and asks to be told.
//
// +apigen:protobuf:tombstones=required
package gap

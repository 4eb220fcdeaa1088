// Package badas names, in +protobuf.as, a type it does not declare.
package badas

// Time takes the fields of a type that does not exist.
// +protobuf.as=Timestamp
type Time struct {
	Seconds int64 `json:"seconds" protobuf:"varint,1,opt,name=seconds"`
}

// +k8s:protobuf-gen=package

// Package tombstones has a struct whose removed field left a tombstone.
package tombstones

// Frobber lost its width field; its protobuf number, 3, is never used again.
type Frobber struct {
	// height of the frobber.
	Height int32 `json:"height" protobuf:"varint,1,opt,name=height"`
	// param of the frobber.
	Param string `json:"param" protobuf:"bytes,2,opt,name=param"`

	// +k8s:deprecated=width,protobuf=3

	// depth is new and has no protobuf tag yet.
	Depth int32 `json:"depth"`
}

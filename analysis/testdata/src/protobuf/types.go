package protobuf

// Frobber lost its width field, whose number 3 a new field takes.
type Frobber struct { // want `protobuf number 2 of Frobber is held by no field and no tombstone`
	Height int32 `json:"height" protobuf:"varint,1,opt,name=height"`

	// +k8s:deprecated=width,protobuf=3

	Depth int32 `json:"depth" protobuf:"varint,3,opt,name=depth"` // want `field Depth has protobuf number 3, which belonged to the removed field width`
}

package gap

// Frobber lost the fields numbered 2 and 3, and reserved neither.
type Frobber struct {
	Height int32  `json:"height" protobuf:"varint,1,opt,name=height"`
	Param  string `json:"param" protobuf:"bytes,4,opt,name=param"`
}

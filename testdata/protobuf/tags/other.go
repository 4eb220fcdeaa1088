package tags

// Tagged has every tag already: its file does not change.
type Tagged struct {
	A string `json:"a" protobuf:"bytes,1,opt,name=a"`
}

// Loose lacks a tag in a file of its own.
type Loose struct {
	B    string `json:"b"`
	C, D string
}

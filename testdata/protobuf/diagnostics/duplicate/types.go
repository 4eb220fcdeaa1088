// Package duplicate gives two fields one protobuf number.
package duplicate

// Pair has two fields numbered 2.
type Pair struct {
	A string `json:"a" protobuf:"bytes,1,opt,name=a"`
	B string `json:"b" protobuf:"bytes,2,opt,name=b"`
	C string `json:"c" protobuf:"bytes,2,opt,name=c"`
}

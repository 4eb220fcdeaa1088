// Package badtag has protobuf tags that do not say wire,number,label.
package badtag

// Tags has malformed protobuf tags.
type Tags struct {
	Short    string `json:"short" protobuf:"bytes,1"`
	Number   string `json:"number" protobuf:"bytes,one,opt,name=number"`
	Option   string `json:"option" protobuf:"bytes,3,opt,name"`
	Zero     string `json:"zero" protobuf:"bytes,0,opt,name=zero"`
	Reserved string `json:"reserved" protobuf:"bytes,19000,opt,name=reserved"`
}

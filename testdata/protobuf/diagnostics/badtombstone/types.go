// Package badtombstone has tombstones that do not say which field and number.
package badtombstone

// Frobber has malformed tombstones.
type Frobber struct {
	Height int32 `json:"height" protobuf:"varint,1,opt,name=height"`

	// +k8s:deprecated
	// +k8s:deprecated=,protobuf=2
	// +k8s:deprecated=width,protobuf=three
	// +k8s:deprecated=length,proto=4
	// +k8s:deprecated=depth,protobuf=5,protobuf=6
	// +k8s:deprecated=kind
	// +k8s:deprecated=volume,protobuf=7
}

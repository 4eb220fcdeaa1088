// Package gofields has fields generated.pb.go could not compile against.
package gofields

// Box has a Size and a String, which gogo renames Size_ and String_ in the
// code it writes for its own struct, and ints, which protobuf carries as
// int64 and uint64 with no cast.
type Box struct {
	Name   string          `json:"name" protobuf:"bytes,1,opt,name=name"`
	Size   int32           `json:"size"`
	String string          `json:"string"`
	Count  int             `json:"count"`
	IDs    []uint          `json:"ids"`
	ByPort map[int32]*uint `json:"byPort"`
	Fine   int64           `json:"fine"`
}

// Weights has lists and maps of pointers: to scalars they cannot be
// generated, to messages they can, with a warning: a nil item panics.
type Weights struct {
	Each     []*int32          `json:"each"`
	ByName   map[string]*int64 `json:"byName"`
	Children []*Box            `json:"children"`
}

// Package badtype has fields whose types protobuf cannot express.
package badtype

// Key is a struct, which no map key can be.
type Key struct {
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
}

// Odd holds one field of each kind.
type Odd struct {
	Name     string             `json:"name" protobuf:"bytes,1,opt,name=name"`
	Events   chan string        `json:"events"`
	Anything interface{}        `json:"anything"`
	ByKey    map[Key]string     `json:"byKey"`
	Lists    map[string][]int32 `json:"lists"`
	Grid     [][]string         `json:"grid"`
	Small    int16              `json:"small"`
}

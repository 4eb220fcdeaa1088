package listmapkeynotscalar

// Pool keys its members by a struct.
type Pool struct {
	// members of the pool.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=address
	// +optional
	Members []Member `json:"members,omitempty"`
}

// Member is an element of a map list.
type Member struct {
	Name    string  `json:"name"`
	Address Address `json:"address"`
}

// Address is not a scalar.
type Address struct {
	Host string `json:"host"`
}

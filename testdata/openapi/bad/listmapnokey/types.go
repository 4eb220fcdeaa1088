package listmapnokey

// Pool lists its members as a map without saying what keys them.
type Pool struct {
	// members of the pool.
	// +listType=map
	// +optional
	Members []Member `json:"members,omitempty"`
}

// Member is an element of a map list.
type Member struct {
	Name string `json:"name"`
}

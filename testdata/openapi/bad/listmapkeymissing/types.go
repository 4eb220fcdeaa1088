package listmapkeymissing

// Pool keys its members by a field they do not have.
type Pool struct {
	// members of the pool.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=id
	// +optional
	Members []Member `json:"members,omitempty"`
}

// Member is an element of a map list.
type Member struct {
	Name string `json:"name"`
	ID   string `json:"uid"`
}

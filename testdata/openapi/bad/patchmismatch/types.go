package patchmismatch

// Pool says one thing in its markers and another in its struct tags.
type Pool struct {
	// members of the pool.
	// +listType=map
	// +listMapKey=name
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	Members []Member `json:"members,omitempty" patchStrategy:"retainKeys" patchMergeKey:"name"`
}

// Member is an element of a map list.
type Member struct {
	Name string `json:"name"`
}

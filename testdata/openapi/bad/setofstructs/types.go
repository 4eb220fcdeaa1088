package setofstructs

// Pool says its members are a set, but they are structs.
type Pool struct {
	// members of the pool.
	// +listType=set
	// +optional
	Members []Member `json:"members,omitempty"`
}

// Member is not a scalar.
type Member struct {
	Name string `json:"name"`
}

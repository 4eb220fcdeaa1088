package api

import "openapi.example/bad/crosspkgkey/elems"

// Pool keys its members by fields of elems.Base.
type Pool struct {
	// members of the pool.
	// +listType=map
	// +listMapKey=name
	// +listMapKey=region
	// +optional
	Members []elems.Member `json:"members,omitempty"`
	// zoned members of the pool.
	// +listType=map
	// +listMapKey=zone
	// +optional
	Zoned []elems.Member `json:"zoned,omitempty"`
}

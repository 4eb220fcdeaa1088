package v1

// Thing asks for a client.
// +genclient
type Thing struct {
	// Parts is a map list without keys.
	// +listType=map
	Parts []Part `json:"parts,omitempty"`
}

// Part is a list element.
type Part struct {
	Name string `json:"name"`
}

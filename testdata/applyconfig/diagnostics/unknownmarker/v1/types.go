package v1

// Thing asks for a client.
// +genclient
// +genclient:noStatuss
type Thing struct {
	Name string `json:"name"`
}

// Other misspells +genclient.
// +genclent
type Other struct {
	Name string `json:"name"`
}

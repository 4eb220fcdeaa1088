package v1

// Thing asks for a client.
// +genclient
type Thing struct {
	Name string `json:"name"`
}

package v1

// Thing must not get a client.
//
// +genclient=false
type Thing struct{}

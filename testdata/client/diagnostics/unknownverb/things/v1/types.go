package v1

// +genclient
// +genclient:onlyVerbs=create,frobnicate
type Thing struct{}

package v1

// +genclient
// +genclient:onlyVerbs=get
type Thing struct{}

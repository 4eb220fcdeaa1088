package v2

// +genclient
// +genclient:onlyVerbs=get
type Thing struct{}

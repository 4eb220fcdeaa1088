package v1

type ObjectMeta struct {
	Name string `json:"name"`
}

// +genclient
// +resourceName=
// +genclient:skipVerbs=watch,unwatch
type Widget struct {
	ObjectMeta `json:"metadata"`
}

// +groupGoName=Bad
type Gadget struct {
	ObjectMeta `json:"metadata"`
}

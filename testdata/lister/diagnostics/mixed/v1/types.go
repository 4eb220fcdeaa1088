package v1

type ObjectMeta struct {
	Name string `json:"name"`
}

// +genclient
type Widget struct {
	ObjectMeta `json:"metadata"`
}

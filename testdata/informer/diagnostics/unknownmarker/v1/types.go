package v1

type ObjectMeta struct {
	Name string `json:"name"`
}

// +genclient
// +genclient:readOnly
type Widget struct {
	ObjectMeta `json:"metadata"`
}

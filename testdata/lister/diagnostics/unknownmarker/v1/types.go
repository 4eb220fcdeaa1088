package v1

type ObjectMeta struct {
	Name string `json:"name"`
}

// +genclient
// +genclient:nonNamespace
type Widget struct {
	ObjectMeta `json:"metadata"`
}

// +genclent
type Gadget struct {
	ObjectMeta `json:"metadata"`
}

// +k8s:lister-gne=false
type Gizmo struct {
	ObjectMeta `json:"metadata"`
}

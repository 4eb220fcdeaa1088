package emptyfield

type Widget struct {
	// +k8s:optional
	// +k8s:maxLength=10
	Name string `json:"name"`
}

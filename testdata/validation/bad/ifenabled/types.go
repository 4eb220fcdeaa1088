package ifenabled

type Widget struct {
	// +k8s:optional
	// +k8s:ifEnabled()=+k8s:maxLength=10
	Name string `json:"name"`
}

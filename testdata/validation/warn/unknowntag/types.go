package unknowntag

type Widget struct {
	// +k8s:optional
	// +k8s:maxLenght=10
	Name string `json:"name"`
}

package v1alpha1

type Widget struct {
	// +k8s:optional
	// +k8s:neq="x"
	Mode string `json:"mode"`
}

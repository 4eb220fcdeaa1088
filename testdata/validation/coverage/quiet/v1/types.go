package v1

type TypeMeta struct{}

type Widget struct {
	TypeMeta `json:",inline"`

	// +k8s:optional
	// +k8s:maxLength=63
	Name string `json:"name"`
}

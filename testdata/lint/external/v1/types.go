package v1

// TypeMeta stands in for apimachinery's.
type TypeMeta struct {
	Kind string `json:"kind,omitempty"`
}

type Widget struct {
	TypeMeta `json:",inline"`
	Name     string `json:"name"`
}

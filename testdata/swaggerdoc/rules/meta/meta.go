// Package meta stands in for k8s.io/apimachinery's meta/v1 types.
package meta

type TypeMeta struct {
	Kind string `json:"kind,omitempty"`
}

type ObjectMeta struct {
	Name string `json:"name,omitempty"`
}

type ListMeta struct {
	Continue string `json:"continue,omitempty"`
}

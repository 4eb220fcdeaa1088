package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/crdconv/apis/keptcycles/shared/beta"
)

// +kubebuilder:object:root=true

// Widget is the kind both versions share.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec has all the hub's fields, of types that lack some.
type WidgetSpec struct {
	Tree   Tree       `json:"tree"`
	Plain  Plain      `json:"plain"`
	Local  Extra      `json:"local"`
	Shared beta.Extra `json:"shared"`
}

// Tree lacks the hub's Weight.
type Tree struct {
	Label    string  `json:"label"`
	Children []Tree  `json:"children,omitempty"`
	Branch   *Branch `json:"branch,omitempty"`
}

// Branch holds Trees by name.
type Branch struct {
	Trees map[string]Tree `json:"trees,omitempty"`
}

// Plain is as in the hub.
type Plain struct {
	Label string  `json:"label"`
	Sub   []Plain `json:"sub,omitempty"`
}

// Extra lacks the hub's Size.
type Extra struct {
	Name string `json:"name"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Widget `json:"items"`
}

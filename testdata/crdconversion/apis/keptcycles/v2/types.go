package v2

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/crdconv/apis/keptcycles/shared/alpha"
)

// +kubebuilder:object:root=true
// +apigen:conversion:webhook:url=https://keptcycles.example/convert

// Widget is the kind both versions share.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec holds types that hold themselves, and two types named Extra.
type WidgetSpec struct {
	// Tree holds Trees at every depth, each with a field v1 lacks.
	Tree Tree `json:"tree"`
	// Plain holds itself, and v1 has all its fields: nothing is kept.
	Plain Plain `json:"plain"`
	// Local is this version's Extra.
	Local Extra `json:"local"`
	// Shared is package alpha's Extra.
	Shared alpha.Extra `json:"shared"`
}

// Tree holds itself through a slice, and through Branch by a pointer
// and a map.
type Tree struct {
	Label string `json:"label"`
	// Weight is hub-only.
	Weight   int32   `json:"weight,omitempty"`
	Children []Tree  `json:"children,omitempty"`
	Branch   *Branch `json:"branch,omitempty"`
}

// Branch holds Trees by name.
type Branch struct {
	Trees map[string]Tree `json:"trees,omitempty"`
}

// Plain holds itself, and has nothing v1 lacks.
type Plain struct {
	Label string  `json:"label"`
	Sub   []Plain `json:"sub,omitempty"`
}

// Extra has a field v1 lacks, as alpha.Extra has.
type Extra struct {
	Name string `json:"name"`
	// Size is hub-only.
	Size int64 `json:"size,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Widget `json:"items"`
}

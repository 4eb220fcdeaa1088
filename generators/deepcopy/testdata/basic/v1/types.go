package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Widget is a top-level type.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec    `json:"spec"`
	Status *WidgetStatus `json:"status,omitempty"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// WidgetSpec has fields of every kind deepcopy handles.
type WidgetSpec struct {
	Name     string               `json:"name"`
	Replicas *int32               `json:"replicas,omitempty"`
	Tags     []string             `json:"tags,omitempty"`
	Labels   map[string]string    `json:"labels,omitempty"`
	Parts    map[string][]Part    `json:"parts,omitempty"`
	Ptrs     []*Part              `json:"ptrs,omitempty"`
	Raw      runtime.RawExtension `json:"raw,omitempty"`
	Created  metav1.Time          `json:"created,omitempty"`
	Bytes    []byte               `json:"bytes,omitempty"`
	Array    [2]Part              `json:"array"`
	Names    Names                `json:"names,omitempty"`
}

// Part is a nested struct.
type Part struct {
	Size  int64   `json:"size"`
	Owner *string `json:"owner,omitempty"`
}

// Names is a named slice.
type Names []string

// WidgetStatus is a status.
type WidgetStatus struct {
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

// +k8s:deepcopy-gen=false

// Skipped has no DeepCopy.
type Skipped struct {
	P *int
}

package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Widget is the kind both versions share.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec lacks the hub's Color and Labels.
type WidgetSpec struct {
	Size        int32           `json:"size"`
	Main        Part            `json:"main"`
	Spare       *Part           `json:"spare,omitempty"`
	Parts       []Part          `json:"parts,omitempty"`
	PartsByName map[string]Part `json:"partsByName,omitempty"`
}

// Part lacks the hub's Weight and Tags.
type Part struct {
	Name string `json:"name"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Widget `json:"items"`
}

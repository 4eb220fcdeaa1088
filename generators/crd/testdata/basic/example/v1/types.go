package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:resource:shortName=wd
// +kubebuilder:printcolumn:name="Size",type=integer,JSONPath=`.spec.size`

// Widget is namespaced.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec"`
	Status WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// WidgetSpec is a spec.
type WidgetSpec struct {
	// Size is how big.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:default=3
	Size int32 `json:"size"`

	// Owner names who owns it.
	// +kubebuilder:validation:MaxLength=63
	// +optional
	Owner *string `json:"owner,omitempty"`

	// Mode is one of the modes.
	// +kubebuilder:validation:Enum=Fast;Slow
	Mode string `json:"mode,omitempty"`

	// Tags are free-form.
	// +listType=set
	Tags []string `json:"tags,omitempty"`

	// Labels are more free-form.
	Labels map[string]string `json:"labels,omitempty"`
}

// WidgetStatus is a status.
type WidgetStatus struct {
	// Conditions say how it is.
	// +listType=map
	// +listMapKey=type
	Conditions []metav1.Condition `json:"conditions,omitempty"`
}

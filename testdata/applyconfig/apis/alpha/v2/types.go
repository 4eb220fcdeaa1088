package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget in v2 has a smaller spec.
// +genclient
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec is what is wanted.
type WidgetSpec struct {
	// Size is a number.
	Size int64 `json:"size"`
	// Owners is meta/v1's.
	// +optional
	// +listType=atomic
	Owners []metav1.OwnerReference `json:"owners,omitempty"`
}

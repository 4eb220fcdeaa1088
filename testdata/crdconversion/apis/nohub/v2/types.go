package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Gizmo is the kind every version has.
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GizmoSpec `json:"spec,omitempty"`
}

// GizmoSpec is the desired state of a Gizmo.
type GizmoSpec struct {
	Size int32 `json:"size"`
}

package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec is the v2 spec.
type WidgetSpec struct {
	// Count of copies.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:default=3
	// +optional
	Count *int32 `json:"count,omitempty"`

	// Owner is who made it.
	// +kubebuilder:validation:MinLength=1
	Owner string `json:"owner"`
}

// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster,shortName=wd;wdg,categories=all;shop
// +kubebuilder:deprecatedversion:warning="v2 is in preview"
// +kubebuilder:unservedversion

// Widget is a thing the shop sells, version 2.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

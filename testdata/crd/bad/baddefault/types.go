// +groupName=bad.example
package baddefault

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ThingSpec is the spec.
type ThingSpec struct {
	// Count of things.
	// +kubebuilder:default="three"
	// +optional
	Count int32 `json:"count,omitempty"`
}

// +kubebuilder:object:root=true

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec,omitempty"`
}

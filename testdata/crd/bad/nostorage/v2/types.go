// +groupName=bad.example
package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ThingSpec is the spec.
type ThingSpec struct {
	// Name of the thing.
	// +optional
	Name string `json:"name,omitempty"`
}

// +kubebuilder:object:root=true

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec,omitempty"`
}

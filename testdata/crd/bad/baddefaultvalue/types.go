// +groupName=bad.example
package baddefaultvalue

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ThingSpec is the spec.
type ThingSpec struct {
	// Mode of the thing.
	// +kubebuilder:validation:Enum=Fast;Slow
	// +kubebuilder:default=Medium
	// +optional
	Mode string `json:"mode,omitempty"`

	// Label of the thing.
	// +kubebuilder:validation:MaxLength=3
	// +kubebuilder:default="longer"
	// +optional
	Label string `json:"label,omitempty"`
}

// +kubebuilder:object:root=true

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec,omitempty"`
}

// +groupName=skip.example
package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ThingStatus is the status.
type ThingStatus struct {
	// Phase of the thing.
	// +optional
	Phase string `json:"phase,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Phase",type=string,JSONPath=`.status.phase`

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status ThingStatus `json:"status,omitempty"`
}

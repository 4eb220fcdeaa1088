// +groupName=skip.example
package v1

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
// +kubebuilder:selectablefield:JSONPath=`.status.phase`
// +kubebuilder:skipversion

// Thing is a kind whose version v1 is left out of the CRD.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Status ThingStatus `json:"status,omitempty"`
}

// Package v2 is a version of gadgets left out of the CRD.
// +groupName=gadgets.features.example
package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:skipversion

// Gadget in a version that is skipped.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec string `json:"spec,omitempty"`
}

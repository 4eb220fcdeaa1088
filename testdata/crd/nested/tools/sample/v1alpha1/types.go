// Package v1alpha1 is in a second nested module, which only a
// "./..." from the root reaches.
// +kubebuilder:object:generate=true
// +groupName=tools.nested.example.com
package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget is the second nested module's kind.
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Mode is a mode.
	// +kubebuilder:validation:Enum=On;Off
	Mode string `json:"mode,omitempty"`
}

// Package protected is in a group under k8s.io, which the API server
// serves only with the api-approved.kubernetes.io annotation; projects add
// it in a later step, so the CRDs are written without it.
// +groupName=widgets.k8s.io
package protected

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Thing has no approval annotation.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec string `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:metadata:annotations="api-approved.kubernetes.io=pending"

// Gadget's approval annotation is neither a URL nor "unapproved…".
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec string `json:"spec,omitempty"`
}

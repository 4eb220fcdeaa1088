// Package internal holds a kind that is no API version: +kubebuilder:skip
// keeps the crd generator away from it.
// +kubebuilder:skip
// +groupName=internal.features.example
package internal

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Hidden gets no CRD.
type Hidden struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

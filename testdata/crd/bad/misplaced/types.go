// Package misplaced puts CRD markers where controller-gen reads none.
// +groupName=bad.example
// +kubebuilder:validation:MaxLength=4
package misplaced

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +kubebuilder:storageversion
	Spec string `json:"spec,omitempty"`
}

// +kubebuilder:validation:MaxLength=4 would bound Spec; controller-gen
// reads no marker on a function.
func Describe(t *Thing) string { return t.Spec }

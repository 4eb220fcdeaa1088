// +groupName=bad.example
package overbudget

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ThingSpec is the spec.
type ThingSpec struct {
	// Names must be pairwise distinct; the list and its strings have no
	// bound, so the rule's cost cannot be bounded either.
	// +kubebuilder:validation:XValidation:rule="self.all(a, self.exists_one(b, a == b))",message="names must be unique"
	// +optional
	Names []string `json:"names,omitempty"`
}

// +kubebuilder:object:root=true

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec,omitempty"`
}

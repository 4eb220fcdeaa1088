package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget links to [GadgetSpec], which is documented, and to [GadgetSpek],
// a misspelling that names nothing.
//
// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state; see [GadgetSpec.Size].
	Spec GadgetSpec `json:"spec"`
}

// GadgetSpec is what a Gadget should be.
//
// +kubebuilder:validation:XValidation:rule="self.size <= self.limit"
type GadgetSpec struct {
	// Size must be positive, a rule whose message says so.
	// +kubebuilder:validation:XValidation:rule="self > 0",message="size must be positive"
	Size int32 `json:"size"`

	// Limit is the largest size, like [metav1.ObjectMeta] is a link to
	// another module and [Gadget.Spek] a field that is not there.
	// +kubebuilder:validation:XValidation:rule="self < 100"
	Limit int32 `json:"limit"`
}

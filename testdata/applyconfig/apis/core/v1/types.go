package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Box is in the legacy group.
// +genclient
// +genclient:skipVerbs=applyStatus
type Box struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec BoxSpec `json:"spec,omitempty"`
	// +optional
	Status BoxStatus `json:"status,omitempty"`
}

// BoxSpec is what is wanted.
type BoxSpec struct {
	// +optional
	Volume int32 `json:"volume,omitempty"`
	// +optional
	Crate *Crate `json:"crate,omitempty"`
}

// BoxStatus is what is.
type BoxStatus struct {
	// +optional
	Full bool `json:"full,omitempty"`
}

// Crate skips both apply verbs: no root, and no Extract functions even
// though Box reaches it.
// +genclient
// +genclient:skipVerbs=apply,applyStatus
type Crate struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Size int32 `json:"size,omitempty"`
}

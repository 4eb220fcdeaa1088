package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	sharedv1 "inputsets.example/apis/shared/v1"
)

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Thing is a thing.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec"`
}

// ThingSpec uses the types of shared/v1.
type ThingSpec struct {
	// +default=1
	Replicas *int32          `json:"replicas,omitempty"`
	Limits   sharedv1.Limits `json:"limits"`
	// +listType=atomic
	Modes []sharedv1.Mode `json:"modes,omitempty"`
	Mode  *sharedv1.Mode  `json:"mode,omitempty"`
	Phase sharedv1.Phase  `json:"phase,omitempty"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ThingList is a list of things.
type ThingList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Thing `json:"items"`
}

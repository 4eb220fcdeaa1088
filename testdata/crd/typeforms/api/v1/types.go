// Package v1 uses a generic struct and type aliases, which controller-gen
// v0.23.0 does not handle (controller-tools issues #756 and #1462).
// +groupName=typeforms.example
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Pair holds two values of one type.
type Pair[T any] struct {
	// First value.
	First T `json:"first"`
	// Second value.
	// +optional
	Second T `json:"second,omitempty"`
}

// Port is a network port.
type Port struct {
	// Number of the port.
	// +kubebuilder:validation:Minimum=1
	Number int32 `json:"number"`
}

// Nick is another name for string.
type Nick = string

// Labels is another name for a map type.
// +kubebuilder:validation:XValidation:rule="self.size() <= 8",message="at most 8 labels"
type Labels = map[string]string

// MainPort is another name for Port.
type MainPort = Port

// ThingSpec uses the generic and the aliases.
type ThingSpec struct {
	// Names are two strings.
	Names Pair[string] `json:"names"`
	// Ports are two ports.
	// +optional
	Ports *Pair[Port] `json:"ports,omitempty"`
	// Nick of the thing.
	// +kubebuilder:validation:MaxLength=10
	Nick Nick `json:"nick"`
	// Main port.
	Main MainPort `json:"main"`
	// Labels of the thing.
	// +optional
	Labels Labels `json:"labels,omitempty"`
}

// +kubebuilder:object:root=true

// Thing is a kind.
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ThingSpec `json:"spec,omitempty"`
}

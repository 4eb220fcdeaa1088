/*
Copyright The Frobber Authors.

Licensed under the Apache License, Version 2.0 (the "License"). This file may
be used only in accordance with the License, which can be obtained at

    http://www.apache.org/licenses/LICENSE-2.0

Unless applicable law requires otherwise or it was agreed to in writing, the
software is provided "AS IS", with no warranties or conditions of any kind,
express or implied. Consult the License for the exact terms that govern its
permissions and limitations.
*/

package v5

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Frobber is a made-up resource that frobs things at a configurable size.
type Frobber struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Spec is the desired state of the Frobber.
	Spec FrobberSpec `json:"spec,omitempty"`
	// Status is the most recently observed state of the Frobber.
	Status FrobberStatus `json:"status,omitempty"`
}

// FrobberSpec describes how a Frobber should behave. v6 added fields this
// version lacks; converting to v5 keeps them in an annotation.
type FrobberSpec struct {
	// Size is the extent of the frob. v6 has its sides as fields of the spec.
	Size FrobberSize `json:"size"`
	// Param is the one parameter of v5; v6 has Params as well.
	Param string `json:"param"`
	// Labels is a plain string-to-string map.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// Selector restricts which things get frobbed.
	// +optional
	Selector *FrobberSelector `json:"selector,omitempty"`
	// Ports lists the ports the Frobber listens on, one per name. v6's
	// ports have more fields.
	// +optional
	// +listType=map
	// +listMapKey=name
	Ports []FrobberPort `json:"ports,omitempty"`
	// StartTime is when frobbing should start.
	// +optional
	StartTime metav1.Time `json:"startTime"`
	// Deadline is when frobbing must be finished, if ever. v6 renamed it
	// from finishBy to deadline.
	// +optional
	Deadline *metav1.Time `json:"finishBy,omitempty"`
	// Target is either a number or a name.
	// +optional
	Target intstr.IntOrString `json:"target"`
}

// FrobberSize is the extent of a frob.
type FrobberSize struct {
	// Height is the vertical extent.
	Height int32 `json:"height"`
	// Width is the horizontal extent.
	// +optional
	Width *int32 `json:"width,omitempty"`
}

// FrobberSelector picks things by label or by name.
type FrobberSelector struct {
	// MatchLabels must all be present on a selected thing.
	// +optional
	MatchLabels map[string]string `json:"matchLabels,omitempty"`
	// MatchNames lists names that are always selected.
	// +optional
	MatchNames []string `json:"matchNames,omitempty"`
}

// FrobberPort is one network port of a Frobber.
type FrobberPort struct {
	// Name identifies the port.
	Name string `json:"name"`
	// Port is the port number.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	Port int32 `json:"port"`
	// Protocol is the transport protocol of the port.
	// +optional
	Protocol string `json:"protocol,omitempty"`
}

// FrobberStatus is the observed state of a Frobber.
type FrobberStatus struct {
	// Conditions describe the current state of the Frobber.
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`
	// ObservedGeneration is the generation the status was computed for.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true

// FrobberList is a list of Frobbers.
type FrobberList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	// Items are the Frobbers in the list.
	Items []Frobber `json:"items"`
}

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

package frobbers

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Frobber is a made-up resource that frobs things at a configurable size.
type Frobber struct {
	metav1.TypeMeta
	metav1.ObjectMeta

	// Spec is the desired state of the Frobber.
	Spec FrobberSpec
	// Status is the most recently observed state of the Frobber.
	Status FrobberStatus
}

// FrobberSpec describes how a Frobber should behave. Besides the fields of
// the API guide's original example it carries one field of every shape the
// deepcopy generator has to deal with.
type FrobberSpec struct {
	// Height is the vertical extent of the frob.
	Height int32

	// Width is the horizontal extent of the frob.
	// +featureGate=Frobber2D
	// +optional
	Width *int32

	// Params is every parameter; the internal version has no singular field.
	// +optional
	Params []string

	// Labels is a plain string-to-string map.
	// +optional
	Labels map[string]string
	// Aliases maps a name to a list of alternative names.
	// +optional
	Aliases map[string][]string
	// Weights is a list of optional weights; nil entries mean "default".
	// +optional
	Weights []*int32
	// Selector restricts which things get frobbed.
	// +optional
	Selector *FrobberSelector
	// Ports lists the ports the Frobber listens on.
	// +optional
	Ports []FrobberPort
	// PortsByName indexes extra ports by name.
	// +optional
	PortsByName map[string]FrobberPort
	// Tags uses a named slice type.
	// +optional
	Tags Tags
	// Annotations uses a named map type.
	// +optional
	Annotations Annotations
	// StartTime is when frobbing should start.
	StartTime metav1.Time
	// Deadline is when frobbing must be finished, if ever.
	// +optional
	Deadline *metav1.Time
	// Target is either a number or a name.
	Target intstr.IntOrString
	// Widget is the part that does the actual frobbing.
	// +optional
	Widget Widget
}

// FrobberSelector picks things by label and by name.
type FrobberSelector struct {
	// MatchLabels must all be present on a selected thing.
	// +optional
	MatchLabels map[string]string
	// MatchNames lists names that are always selected.
	// +optional
	MatchNames []string
}

// FrobberPort is one network port of a Frobber.
type FrobberPort struct {
	// Name identifies the port.
	Name string
	// Port is the port number.
	Port int32
	// Protocol is the transport protocol of the port.
	// +default="TCP"
	// +optional
	Protocol string
	// AppProtocol is the application protocol spoken on the port.
	// +optional
	AppProtocol *string
	// Hints name the traffic the port prefers, in order of preference.
	// +featureGate=FrobberPortHints
	// +optional
	// +listType=atomic
	Hints []string
}

// Tags is a named list of strings.
type Tags []string

// Annotations is a named string-to-string map.
type Annotations map[string]string

// Widget is the pluggable part of a Frobber. Implementations must be able to
// deep-copy themselves.
type Widget interface {
	Name() string
	DeepCopyWidget() Widget
}

// GearWidget is a Widget made of gears. Unlike the other types in this file,
// its marker sits inside the doc comment itself.
// +k8s:deepcopy-gen:interfaces=example.com/frobbers/apis/frobbers.Widget
type GearWidget struct {
	// Label names the widget.
	Label string
	// Teeth is the number of teeth per gear.
	Teeth int32
	// Ratios lists the gear ratios.
	// +optional
	Ratios []int32
	// Offset is a fixed-size array of x and y offsets. It is here, where
	// declarative validation does not reach, because validation-gen
	// refuses arrays.
	Offset [2]int32
}

// Name implements Widget.
func (g *GearWidget) Name() string { return g.Label }

// FrobberStatus is the observed state of a Frobber.
type FrobberStatus struct {
	// Conditions describe the current state of the Frobber.
	// +optional
	Conditions []metav1.Condition
	// ObservedGeneration is the generation the status was computed for.
	// +optional
	ObservedGeneration int64
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// FrobberList is a list of Frobbers.
type FrobberList struct {
	metav1.TypeMeta
	metav1.ListMeta

	// Items are the Frobbers in the list.
	Items []Frobber
}

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

package v6

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion
// +apigen:conversion:webhook:serviceNamespace=frobbers-system,serviceName=frobbers-webhook,path=/convert

// Frobber is a made-up resource that frobs things at a configurable size.
type Frobber struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`

	// Spec is the desired state of the Frobber.
	Spec FrobberSpec `json:"spec,omitempty" protobuf:"bytes,2,opt,name=spec"`
	// Status is the most recently observed state of the Frobber.
	Status FrobberStatus `json:"status,omitempty" protobuf:"bytes,3,opt,name=status"`
}

// +kubebuilder:validation:XValidation:rule="!has(self.deadline) || (has(self.startTime) && self.deadline > self.startTime)",message="deadline must be after startTime"

// FrobberSpec describes how a Frobber should behave. Besides the fields of
// the API guide's original example it carries one field of every shape the
// deepcopy generator has to deal with.
type FrobberSpec struct {
	// Height is the vertical extent of the frob.
	// +k8s:required
	Height int32 `json:"height" protobuf:"varint,1,opt,name=height"`

	// Width is the horizontal extent of the frob.
	// +featureGate=Frobber2D
	// +optional
	Width *int32 `json:"width,omitempty" protobuf:"varint,2,opt,name=width"`

	// Param is the first parameter. Clients written before Params existed
	// set only this field; see NormalizeParams for how the two are kept in
	// sync.
	Param string `json:"param" protobuf:"bytes,3,opt,name=param"`
	// Params is every parameter. When set, Params[0] equals Param.
	// +optional
	// +k8s:optional
	// +k8s:maxItems=16
	Params []string `json:"params,omitempty" protobuf:"bytes,4,rep,name=params"`

	// Labels is a plain string-to-string map.
	// +optional
	Labels map[string]string `json:"labels,omitempty" protobuf:"bytes,5,rep,name=labels"`
	// Aliases maps a name to a list of alternative names.
	// +optional
	Aliases map[string][]string `json:"aliases,omitempty" protobuf:"-"`
	// Weights is a list of optional weights; nil entries mean "default".
	// +optional
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:pruning:PreserveUnknownFields
	Weights []*int32 `json:"weights,omitempty" protobuf:"-"`
	// Selector restricts which things get frobbed.
	// +optional
	// +k8s:optional
	Selector *FrobberSelector `json:"selector,omitempty" protobuf:"bytes,6,opt,name=selector"`
	// Ports lists the ports the Frobber listens on, one per name.
	// +optional
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Ports []FrobberPort `json:"ports,omitempty" protobuf:"bytes,7,rep,name=ports"`
	// PortsByName indexes extra ports by name.
	// +optional
	// +k8s:optional
	PortsByName map[string]FrobberPort `json:"portsByName,omitempty" protobuf:"bytes,8,rep,name=portsByName"`
	// Tags uses a named slice type.
	// +optional
	Tags Tags `json:"tags,omitempty" protobuf:"bytes,9,rep,name=tags"`
	// Annotations uses a named map type.
	// +optional
	Annotations Annotations `json:"annotations,omitempty" protobuf:"bytes,10,rep,name=annotations,casttype=Annotations"`
	// StartTime is when frobbing should start.
	// +optional
	StartTime metav1.Time `json:"startTime" protobuf:"bytes,11,opt,name=startTime"`
	// Deadline is when frobbing must be finished, if ever.
	// +optional
	Deadline *metav1.Time `json:"deadline,omitempty" protobuf:"bytes,12,opt,name=deadline"`
	// Target is either a number or a name.
	// +optional
	Target intstr.IntOrString `json:"target" protobuf:"bytes,13,opt,name=target"`
	// Widget is the part that does the actual frobbing.
	// +optional
	// +nullable
	// +kubebuilder:validation:Schemaless
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Type=object
	Widget Widget `json:"widget,omitempty" protobuf:"-"`
}

// FrobberSelector picks things by label or by name: exactly one of the two.
type FrobberSelector struct {
	// MatchLabels must all be present on a selected thing.
	// +optional
	// +k8s:optional
	// +k8s:unionMember
	MatchLabels map[string]string `json:"matchLabels,omitempty" protobuf:"bytes,1,rep,name=matchLabels"`
	// MatchNames lists names that are always selected.
	// +optional
	// +k8s:optional
	// +k8s:unionMember
	MatchNames []string `json:"matchNames,omitempty" protobuf:"bytes,2,rep,name=matchNames"`
}

// FrobberPort is one network port of a Frobber.
type FrobberPort struct {
	// Name identifies the port.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Port is the port number.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	Port int32 `json:"port" protobuf:"varint,2,opt,name=port"`
	// Protocol is the transport protocol of the port.
	// +default="TCP"
	// +optional
	// +k8s:optional
	Protocol Protocol `json:"protocol,omitempty" protobuf:"bytes,3,opt,name=protocol"`
	// AppProtocol is the application protocol spoken on the port.
	// +optional
	AppProtocol *string `json:"appProtocol,omitempty" protobuf:"bytes,4,opt,name=appProtocol"`
	// Hints name the traffic the port prefers, in order of preference.
	// +featureGate=FrobberPortHints
	// +optional
	// +listType=atomic
	Hints []string `json:"hints,omitempty" protobuf:"bytes,5,rep,name=hints"`
}

// Protocol is a transport protocol.
// +k8s:enum
type Protocol string

// The transport protocols a port may speak.
const (
	ProtocolTCP Protocol = "TCP"
	ProtocolUDP Protocol = "UDP"
)

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
// +k8s:deepcopy-gen:interfaces=example.com/frobbers/apis/frobbers/v6.Widget
type GearWidget struct {
	// Label names the widget.
	Label string `json:"label" protobuf:"bytes,1,opt,name=label"`
	// Teeth is the number of teeth per gear.
	Teeth int32 `json:"teeth" protobuf:"varint,2,opt,name=teeth"`
	// Ratios lists the gear ratios.
	// +optional
	Ratios []int32 `json:"ratios,omitempty" protobuf:"varint,3,rep,name=ratios"`
	// Offset is a fixed-size array of x and y offsets. It is here, where
	// declarative validation does not reach, because validation-gen
	// refuses arrays.
	Offset [2]int32 `json:"offset" protobuf:"-"`
}

// Name implements Widget.
func (g *GearWidget) Name() string { return g.Label }

// FrobberStatus is the observed state of a Frobber.
type FrobberStatus struct {
	// Conditions describe the current state of the Frobber.
	// +optional
	// +k8s:optional
	Conditions []metav1.Condition `json:"conditions,omitempty" protobuf:"bytes,1,rep,name=conditions"`
	// ObservedGeneration is the generation the status was computed for.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty" protobuf:"varint,2,opt,name=observedGeneration"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true

// FrobberList is a list of Frobbers.
type FrobberList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`

	// Items are the Frobbers in the list.
	Items []Frobber `json:"items" protobuf:"bytes,2,rep,name=items"`
}

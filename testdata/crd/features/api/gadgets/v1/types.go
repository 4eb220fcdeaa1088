// Package v1 uses the markers the widget packages do not: versionName,
// package-level optional, names, metadata, selectable fields, the items:
// forms of the validation markers, and the rarer schema markers.
// +groupName=gadgets.features.example
// +versionName=v1
// +kubebuilder:validation:Optional
// +k8s:deepcopy-gen=package
package gadgetsv1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Mode is how a gadget runs.
// +kubebuilder:validation:Enum=Auto;Manual
// +kubebuilder:title=Mode
type Mode string

// Knobs are settings that are replaced as a whole.
// +structType=atomic
type Knobs struct {
	// Gain of the gadget.
	// +kubebuilder:validation:MultipleOf=5
	// +kubebuilder:validation:Maximum=100
	// +kubebuilder:validation:ExclusiveMaximum=true
	Gain int32 `json:"gain,omitempty"`

	// Ratio of the gadget.
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:ExclusiveMinimum=false
	Ratio int64 `json:"ratio,omitempty"`
}

// GadgetSpec is the desired state of a Gadget.
// +kubebuilder:validation:AtMostOneOf=left;right
// +kubebuilder:validation:AtLeastOneOf=mode;knobs
// +kubebuilder:externalDocs:url="https://gadgets.example/spec",description="The spec explained"
type GadgetSpec struct {
	// Mode of the gadget.
	// +kubebuilder:example=Auto
	// +kubebuilder:title="Run mode"
	Mode Mode `json:"mode,omitempty"`

	// Knobs of the gadget.
	// +kubebuilder:externalDocs:url="https://gadgets.example/knobs"
	Knobs *Knobs `json:"knobs,omitempty"`

	// Left side, defaulted with the Kubernetes form of the marker.
	// +default="west"
	Left string `json:"left,omitempty"`

	// Right side.
	Right string `json:"right,omitempty"`

	// Serial is required although the package makes fields optional.
	// +kubebuilder:validation:Required
	// +kubebuilder:validation:Format=uuid
	// +kubebuilder:validation:MaxLength=36
	Serial string `json:"serial"`

	// Note is optional.
	// +kubebuilder:validation:Optional
	// +kubebuilder:validation:MaxLength=64
	Note string `json:"note,omitempty"`

	// Tags of the gadget.
	// +kubebuilder:validation:MinItems=1
	// +kubebuilder:validation:MaxItems=8
	// +kubebuilder:validation:UniqueItems=false
	// +kubebuilder:validation:items:MinLength=1
	// +kubebuilder:validation:items:MaxLength=20
	// +kubebuilder:validation:items:Pattern=`^[a-z]+$`
	// +kubebuilder:validation:items:XValidation:rule="self != 'none'",message="none is reserved"
	// +listType=atomic
	Tags []string `json:"tags,omitempty"`

	// Levels are bounded numbers.
	// +kubebuilder:validation:MaxItems=4
	// +kubebuilder:validation:items:Minimum=0
	// +kubebuilder:validation:items:Maximum=10
	// +kubebuilder:validation:items:ExclusiveMinimum=true
	// +kubebuilder:validation:items:ExclusiveMaximum=false
	// +kubebuilder:validation:items:MultipleOf=2
	Levels []int32 `json:"levels,omitempty"`

	// Modes lists enum items.
	// +kubebuilder:validation:MaxItems=2
	// +kubebuilder:validation:items:Enum=Auto;Manual
	// +kubebuilder:validation:items:Format=byte
	// +kubebuilder:validation:items:Type=string
	Modes []string `json:"modes,omitempty"`

	// Grid is a list of lists.
	// +kubebuilder:validation:MaxItems=3
	// +kubebuilder:validation:items:MinItems=1
	// +kubebuilder:validation:items:MaxItems=3
	// +kubebuilder:validation:items:UniqueItems=false
	Grid [][]int32 `json:"grid,omitempty"`

	// Tables is a list of maps.
	// +kubebuilder:validation:items:MinProperties=1
	// +kubebuilder:validation:items:MaxProperties=4
	Tables []map[string]string `json:"tables,omitempty"`

	// Settings are replaced as a whole.
	// +mapType=atomic
	// +kubebuilder:validation:MinProperties=1
	// +kubebuilder:validation:MaxProperties=16
	Settings map[string]string `json:"settings,omitempty"`

	// Ports are numbers or names.
	// +kubebuilder:validation:items:XIntOrString
	Ports []intstr.IntOrString `json:"ports,omitempty"`

	// Template is an embedded object.
	// +kubebuilder:validation:EmbeddedResource
	// +kubebuilder:pruning:PreserveUnknownFields
	Template runtime.RawExtension `json:"template,omitempty"`

	// Extra keeps whatever it is given.
	// +kubebuilder:validation:XPreserveUnknownFields
	// +kubebuilder:validation:Type=object
	Extra *runtime.RawExtension `json:"extra,omitempty"`

	// Attachments are embedded objects.
	// +kubebuilder:validation:items:XEmbeddedResource
	// +kubebuilder:validation:items:XPreserveUnknownFields
	Attachments []runtime.RawExtension `json:"attachments,omitempty"`

	// Blobs keep unknown fields of their items.
	// +kubebuilder:validation:items:XPreserveUnknownFields
	// +kubebuilder:validation:items:Type=object
	Blobs []runtime.RawExtension `json:"blobs,omitempty"`

	// Resource is an embedded object, by the X form of the marker.
	// +kubebuilder:validation:XEmbeddedResource
	// +kubebuilder:validation:XPreserveUnknownFields
	Resource *runtime.RawExtension `json:"resource,omitempty"`
}

// scratch is no API type and gets no DeepCopy.
// +k8s:deepcopy-gen=false
type scratch struct {
	notes []string
}

// GadgetStatus is the observed state of a Gadget.
type GadgetStatus struct {
	// Replicas seen.
	Replicas int32 `json:"replicas,omitempty"`

	// Selector of the pods.
	Selector string `json:"selector,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:resource:path=gizmos,singular=gizmo,shortName=gz,categories=gadgets,scope=Namespaced
// +kubebuilder:metadata:annotations="features.example/owner=shop",labels="features.example/tier=gold"
// +kubebuilder:selectablefield:JSONPath=`.spec.mode`
// +kubebuilder:printcolumn:name="Mode",type=string,JSONPath=`.spec.mode`,description="How it runs",priority=1
// +kubebuilder:printcolumn:name="Age",type=date,JSONPath=`.metadata.creationTimestamp`,format=date-time
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.gain,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:title=Gadget
// +kubebuilder:externalDocs:url="https://gadgets.example"

// Gadget exercises the rarer markers.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   GadgetSpec   `json:"spec,omitempty"`
	Status GadgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// GadgetList is a list of gadgets.
type GadgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Gadget `json:"items"`
}

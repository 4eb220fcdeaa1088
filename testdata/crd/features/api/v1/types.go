package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Color is a paint color.
// +kubebuilder:validation:Enum=red;green;blue
type Color string

// Labels are extra key/value pairs.
type Labels map[string]string

// Port is one network port of a widget.
type Port struct {
	// Name identifies the port.
	// +kubebuilder:validation:MaxLength=15
	Name string `json:"name"`

	// Number is the port number.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	Number int32 `json:"number"`

	// Protocol defaults to TCP.
	// +kubebuilder:default=TCP
	// +optional
	Protocol string `json:"protocol,omitempty"`
}

// Common holds fields shared by spec types.
type Common struct {
	// Paused stops reconciliation.
	// +optional
	Paused bool `json:"paused,omitempty"`
}

// WidgetSpec is the desired state of a Widget.
// +kubebuilder:validation:XValidation:rule="self.minReplicas <= self.replicas",message="minReplicas must not exceed replicas"
type WidgetSpec struct {
	Common `json:",inline"`

	// Replicas is the desired number of copies.
	// +kubebuilder:default=1
	// +kubebuilder:validation:Minimum=0
	Replicas int32 `json:"replicas"`

	// MinReplicas is the smallest number of copies.
	// +optional
	MinReplicas int32 `json:"minReplicas,omitempty"`

	// Color of the widget.
	// +kubebuilder:default=red
	Color Color `json:"color,omitempty"`

	// Size is how big the widget is.
	// +kubebuilder:validation:Pattern=`^[a-z]+$`
	// +kubebuilder:validation:MinLength=1
	// +required
	Size string `json:"size,omitempty"`

	// Ports the widget listens on.
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:MaxItems=8
	// +optional
	Ports []Port `json:"ports,omitempty"`

	// Tags are free-form words.
	// +listType=set
	// +kubebuilder:validation:items:MaxLength=32
	// +optional
	Tags []string `json:"tags,omitempty"`

	// Labels to copy onto children.
	// +optional
	Labels Labels `json:"labels,omitempty"`

	// Limits by resource name.
	// +optional
	Limits map[string]resource.Quantity `json:"limits,omitempty"`

	// Surge is a count or a percentage.
	// +optional
	// +kubebuilder:validation:XIntOrString
	Surge *intstr.IntOrString `json:"surge,omitempty"`

	// Note may be null.
	// +nullable
	// +optional
	Note *string `json:"note,omitempty"`

	// Selector picks pods.
	// +optional
	Selector *metav1.LabelSelector `json:"selector,omitempty"`

	// Data is opaque bytes.
	// +optional
	Data []byte `json:"data,omitempty"`

	// Mode is fixed once set.
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="mode is immutable"
	// +kubebuilder:validation:Enum=fast;slow
	// +optional
	Mode string `json:"mode,omitempty"`

	// Timeout for each step.
	// +optional
	Timeout *metav1.Duration `json:"timeout,omitempty"`

	// Extra keeps unknown fields.
	// +kubebuilder:pruning:PreserveUnknownFields
	// +kubebuilder:validation:Schemaless
	// +optional
	Extra map[string]string `json:"extra,omitempty"`

	// Count uses the package-level type default.
	// +kubebuilder:validation:ExclusiveMinimum=true
	// +kubebuilder:validation:Minimum=0
	// +optional
	Count int64 `json:"count,omitempty"`
}

// WidgetStatus is the observed state of a Widget.
type WidgetStatus struct {
	// Replicas is the number of copies seen.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`

	// Selector is the label selector as text, for the scale subresource.
	// +optional
	Selector string `json:"selector,omitempty"`

	// Conditions describe the widget.
	// +listType=map
	// +listMapKey=type
	// +optional
	Conditions []metav1.Condition `json:"conditions,omitempty"`

	// LastUpdate is when the status last changed.
	// +optional
	LastUpdate metav1.Time `json:"lastUpdate,omitzero"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
// +kubebuilder:resource:scope=Cluster,shortName=wd;wdg,categories=all;shop
// +kubebuilder:printcolumn:name="Replicas",type=integer,JSONPath=`.spec.replicas`
// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp",priority=1
// +kubebuilder:storageversion

// Widget is a thing the shop sells.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   WidgetSpec   `json:"spec,omitempty"`
	Status WidgetStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList lists widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

// GadgetSpec configures a gadget.
// +kubebuilder:validation:ExactlyOneOf=small;large
type GadgetSpec struct {
	// Small gadgets.
	// +optional
	Small *string `json:"small,omitempty"`
	// Large gadgets.
	// +optional
	Large *string `json:"large,omitempty"`
	// Weight in grams.
	// +kubebuilder:validation:Type=number
	// +optional
	Weight resource.Quantity `json:"weight,omitempty"`
	// Trim uses declarative validation's +k8s: markers.
	// +optional
	Trim *Trim `json:"trim,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:resource:path=gadgetry,singular=gadget

// Gadget has a custom plural.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Spec GadgetSpec `json:"spec,omitempty"`
}

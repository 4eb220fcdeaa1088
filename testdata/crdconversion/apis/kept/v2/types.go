package v2

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +apigen:conversion:webhook:serviceNamespace=kept-system,serviceName=kept-webhook,path=/convert

// Widget is the kind both versions share.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec has one field of each shape the annotation keeps.
type WidgetSpec struct {
	// Size is in both versions.
	Size int32 `json:"size"`
	// Color is hub-only: kept whole.
	Color string `json:"color,omitempty"`
	// Labels is hub-only and a map: kept whole.
	Labels map[string]string `json:"labels,omitempty"`
	// Backup is hub-only and a pointer to a struct v1 has: kept whole.
	Backup *Part `json:"backup,omitempty"`
	// Limits is hub-only, of a struct type v1 does not have: kept whole.
	Limits Limits `json:"limits"`
	// Main is a struct both have, with a hub-only field of its own.
	Main Part `json:"main"`
	// Spare points to such a struct.
	Spare *Part `json:"spare,omitempty"`
	// Parts lists such structs.
	Parts []Part `json:"parts,omitempty"`
	// PartsByName maps names to such structs.
	PartsByName map[string]Part `json:"partsByName,omitempty"`
}

// Part is a struct v1 has too, without Weight and Tags.
type Part struct {
	// Name is in both versions.
	Name string `json:"name"`
	// Weight is hub-only.
	Weight int32 `json:"weight,omitempty"`
	// Tags is hub-only.
	Tags []string `json:"tags,omitempty"`
}

// Limits is a struct only the hub has.
type Limits struct {
	Max int64  `json:"max,omitempty"`
	Why string `json:"why,omitempty"`
}

// +kubebuilder:object:root=true

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Widget `json:"items"`
}

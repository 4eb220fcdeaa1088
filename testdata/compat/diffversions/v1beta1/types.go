package v1beta1

// The "want: rule" marks are the findings DiffVersions(v1beta1, v1)
// reports: here, where the removals are.

// TypeMeta stands in for metav1.TypeMeta: a struct embedding it is a kind.
type TypeMeta struct {
	Kind string `json:"kind,omitempty"`
}

// Widget is served by both versions.
type Widget struct {
	TypeMeta `json:",inline"`
	Spec     WidgetSpec   `json:"spec"`
	Status   WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is desired.
type WidgetSpec struct {
	// +optional
	Color string `json:"color,omitempty" protobuf:"bytes,1,opt,name=color"` // want: removed-field
	// +optional
	Size int32 `json:"size,omitempty" protobuf:"varint,2,opt,name=size"`
	// +optional
	// +k8s:maximum=100
	Replicas int32 `json:"replicas,omitempty" protobuf:"varint,3,opt,name=replicas"`
	// Paused changes its protobuf number only: no finding between versions.
	// +optional
	Paused bool `json:"paused,omitempty" protobuf:"varint,4,opt,name=paused"`
}

// WidgetStatus is observed.
type WidgetStatus struct {
	// +optional
	Ready bool `json:"ready,omitempty"`
}

// Gadget is served by v1beta1 only.
type Gadget struct { // want: removed-kind
	TypeMeta `json:",inline"`
	Spec     GadgetSpec `json:"spec"`
}

// GadgetSpec is desired.
type GadgetSpec struct {
	// +optional
	Weight int32 `json:"weight,omitempty"`
}

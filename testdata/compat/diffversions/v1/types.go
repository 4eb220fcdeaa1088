package v1

// The "want: rule" marks are the findings DiffVersions(v1beta1, v1)
// reports: here, where the changes are.

// TypeMeta stands in for metav1.TypeMeta: a struct embedding it is a kind.
type TypeMeta struct {
	Kind string `json:"kind,omitempty"`
}

// Widget is served by both versions.
type Widget struct {
	TypeMeta `json:",inline"`
	Spec     WidgetSpec        `json:"spec"`
	Status   WidgetObservation `json:"status,omitempty"`
}

// WidgetSpec is desired.
type WidgetSpec struct {
	// +optional
	Size int32 `json:"sizeGiB,omitempty" protobuf:"varint,2,opt,name=sizeGiB"` // want: json-rename
	// +optional
	// +k8s:maximum=10
	Replicas int32 `json:"replicas,omitempty" protobuf:"varint,3,opt,name=replicas"` // want: validation-tightened
	// +optional
	Paused bool `json:"paused,omitempty" protobuf:"varint,5,opt,name=paused"`
	// +optional
	Shape string `json:"shape,omitempty" protobuf:"bytes,6,opt,name=shape"`
	// +required
	Owner string `json:"owner" protobuf:"bytes,7,opt,name=owner"` // want: new-required-field
}

// WidgetObservation is v1beta1's WidgetStatus, renamed in Go only: compat
// matches the two through Widget's status field, so it is no added type.
type WidgetObservation struct {
	// +optional
	Ready bool `json:"ready,omitempty"`
	// +optional
	Phase string `json:"phase,omitempty"`
}

// Sprocket is new in v1.
type Sprocket struct {
	TypeMeta `json:",inline"`
	Spec     SprocketSpec `json:"spec"`
}

// SprocketSpec is desired.
type SprocketSpec struct {
	// +optional
	Teeth int32 `json:"teeth,omitempty"`
}

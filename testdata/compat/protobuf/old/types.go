package v1

// TypeMeta stands in for metav1.TypeMeta: a struct embedding it is a kind.
type TypeMeta struct {
	Kind string `json:"kind,omitempty"`
}

// Widget is the kind of the fixture.
type Widget struct {
	TypeMeta `json:",inline"`
	Spec     WidgetSpec   `json:"spec"`
	Status   WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is desired.
type WidgetSpec struct {
	// +optional
	Size int32 `json:"size,omitempty" protobuf:"varint,1,opt,name=size"`
	// +optional
	Color string `json:"color,omitempty" protobuf:"bytes,2,opt,name=color"` // want: protobuf-no-tombstone want: removed-field
	// +optional
	Mode string `json:"mode,omitempty" protobuf:"bytes,4,opt,name=mode"`
	// +optional
	Shade string `json:"shade,omitempty" protobuf:"bytes,7,opt,name=shade"` // want: removed-field

	// +k8s:deprecated=shape,protobuf=3
}

// WidgetStatus is observed.
type WidgetStatus struct{}

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
	Mode string `json:"mode,omitempty" protobuf:"bytes,5,opt,name=mode"` // want: protobuf-number-changed
	// +optional
	Form string `json:"form,omitempty" protobuf:"bytes,3,opt,name=form"` // want: protobuf-number-reused

	// +k8s:deprecated=shape,protobuf=3
	// +k8s:deprecated=shade,protobuf=7
}

// WidgetStatus is observed.
type WidgetStatus struct{}

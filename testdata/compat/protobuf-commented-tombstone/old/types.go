package v1

// TypeMeta stands in for metav1.TypeMeta: a struct embedding it is a kind.
type TypeMeta struct {
	Kind string `json:"kind,omitempty"`
}

// Widget is the kind of the fixture.
type Widget struct {
	TypeMeta `json:",inline"`
	Spec     WidgetSpec `json:"spec"`
}

// WidgetSpec is desired.
type WidgetSpec struct {
	// +optional
	Size int32 `json:"size,omitempty" protobuf:"varint,1,opt,name=size"`
	// +optional
	Mode string `json:"mode,omitempty" protobuf:"bytes,2,opt,name=mode"` // want: removed-field
	// +optional
	Form string `json:"form,omitempty" protobuf:"bytes,3,opt,name=form"` // want: removed-field want: protobuf-no-tombstone
}

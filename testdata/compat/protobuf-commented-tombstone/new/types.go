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

	// Mode is tombstoned: its declaration stays as a comment.
	// Mode string `json:"mode,omitempty" protobuf:"bytes,2,opt,name=mode"`

	// +optional
	Kind string `json:"kind,omitempty" protobuf:"bytes,2,opt,name=kind"` // want: protobuf-number-reused
}

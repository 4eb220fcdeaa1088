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
	Replicas string `json:"replicas,omitempty"` // want: type-changed
	// +optional
	Tags map[string]string `json:"tags,omitempty"` // want: type-changed
	// +optional
	Size int32 `json:"size,omitempty"`
	// Without omitempty, a nil pointer is written as null, not 0.
	Limit *int32 `json:"limit"` // want: type-changed
}

// WidgetStatus is observed.
type WidgetStatus struct{}

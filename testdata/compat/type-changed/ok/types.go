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
	// A wider integer and a pointer: the same JSON.
	// +optional
	Replicas *int64 `json:"replicas,omitempty"`
	// +optional
	Tags []Tag `json:"tags,omitempty"`
	// +optional
	Size  int32 `json:"size,omitempty"`
	Limit int32 `json:"limit"`
}

// Tag is a named string: still a string in JSON.
type Tag string

// WidgetStatus is observed.
type WidgetStatus struct{}

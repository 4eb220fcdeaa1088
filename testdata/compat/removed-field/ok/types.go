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
	// Color moved into an inlined struct: the JSON is the same.
	Common `json:",inline"`
	// +optional
	Size int32 `json:"size,omitempty"`
	// +optional
	Shape string `json:"shape,omitempty"`
}

// Common holds fields that specs share.
type Common struct {
	// +optional
	Color string `json:"color,omitempty"`
}

// WidgetStatus is observed.
type WidgetStatus struct{}

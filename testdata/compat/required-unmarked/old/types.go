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
	// Data has omitempty and no marker.
	Data string `json:"data,omitempty"`
	// Selector is a pointer without omitempty: the schema requires it.
	Selector *string `json:"selector"`
	// +optional
	Size int32 `json:"size,omitempty"`
	// Mode has omitempty and no marker.
	Mode string `json:"mode,omitempty"`
}

// WidgetStatus is observed.
type WidgetStatus struct{}

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
	// +required
	Data string `json:"data"` // want: optional-to-required:warning
	// Selector is a pointer without omitempty: the schema requires it.
	// +required
	Selector *string `json:"selector"`
	// +required
	Size int32 `json:"size,omitempty"` // want: optional-to-required
	// Mode loses omitempty, with no marker to say why.
	Mode string `json:"mode"` // want: optional-to-required
}

// WidgetStatus is observed.
type WidgetStatus struct{}

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
	Size int32 `json:"size,omitempty"`
}

// WidgetStatus is observed.
type WidgetStatus struct {
	// +optional
	Conditions []Condition `json:"conditions,omitempty"`
	// +required
	Phase string `json:"phase"` // want: new-required-field:warning
}

// Condition is one observation.
type Condition struct {
	// +required
	Type string `json:"type"` // want: optional-to-required:warning
}

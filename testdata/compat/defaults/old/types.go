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
	// +optional
	// +default="round"
	Shape string `json:"shape,omitempty"`
	// +optional
	// +default={"a": 1}
	Labels map[string]int `json:"labels,omitempty"`
	// +optional
	// +default=3
	Count int32 `json:"count,omitempty"`
	// +optional
	// +kubebuilder:default=fast
	Speed string `json:"speed,omitempty"`
	// +optional
	// +kubebuilder:default={a: 1}
	Weights map[string]int `json:"weights,omitempty"`
	// +optional
	// +kubebuilder:default=2
	Tries int32 `json:"tries,omitempty"`
}

// WidgetStatus is observed.
type WidgetStatus struct{}

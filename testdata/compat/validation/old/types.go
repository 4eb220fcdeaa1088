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
	// +k8s:validation:maxLength=64
	Name string `json:"name,omitempty"`
	// +optional
	// +kubebuilder:validation:Minimum=1
	Replicas int32 `json:"replicas,omitempty"`
	// +optional
	// +k8s:validation:pattern="^[a-z]+$"
	Code string `json:"code,omitempty"`
	// +optional
	// +kubebuilder:validation:Enum=red;green;blue
	Color string `json:"color,omitempty"`
	// +optional
	// +k8s:maxItems=10
	Items []string `json:"items,omitempty"`
	// +optional
	Limit int32 `json:"limit,omitempty"`
	// +optional
	Notes []string `json:"notes,omitempty"`
	// +optional
	Hosts []string `json:"hosts,omitempty"`
	// +optional
	// +k8s:minimum=0
	Port int32 `json:"port,omitempty"`
	// +optional
	// +kubebuilder:validation:Enum=fast;slow
	Mode string `json:"mode,omitempty"`
	// +optional
	Size int32 `json:"size,omitempty"`
}

// WidgetStatus is observed.
type WidgetStatus struct {
	// +optional
	// +k8s:validation:maxLength=64
	Message string `json:"message,omitempty"`
}

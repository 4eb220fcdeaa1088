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
	// A new rule that ratchets: stored values that break it may stay.
	// +optional
	// +k8s:validation:cel[0]:rule="self <= 100 || self == oldSelf"
	Limit int32 `json:"limit,omitempty"`
	// An existing field's rule, continued on a second line, which ratchets there.
	// +optional
	// +k8s:validation:cel[0]:rule>self.size() <= 10 ||
	// +k8s:validation:cel[0]:rule>self == oldSelf
	Notes []string `json:"notes,omitempty"`
	// +optional
	Hosts []string `json:"hosts,omitempty"`
	// The same rule, now wrapped in a stability level.
	// +optional
	// +k8s:alpha(since: "1.36")=+k8s:minimum=0
	Port int32 `json:"port,omitempty"`
	// The same values, in controller-gen's braced list.
	// +optional
	// +kubebuilder:validation:Enum={fast,"slow"}
	Mode string `json:"mode,omitempty"`
	// +optional
	Size int32 `json:"size,omitempty"`
}

// WidgetStatus is observed.
type WidgetStatus struct {
	// Status fields may tighten.
	// +optional
	// +k8s:validation:maxLength=16
	Message string `json:"message,omitempty"`
}

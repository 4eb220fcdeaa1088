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
	// +k8s:validation:maxLength=32
	Name string `json:"name,omitempty"` // want: validation-tightened
	// +optional
	// +kubebuilder:validation:Minimum=2
	Replicas int32 `json:"replicas,omitempty"` // want: validation-tightened
	// +optional
	// +k8s:validation:pattern="^[a-z0-9]+$"
	Code string `json:"code,omitempty"` // want: validation-tightened
	// +optional
	// +kubebuilder:validation:Enum=red;green;yellow
	Color string `json:"color,omitempty"` // want: enum-value-removed want: enum-value-added:warning
	// +optional
	// +k8s:maxItems=20
	Items []string `json:"items,omitempty"` // want: validation-loosened:warning
	// +optional
	// +k8s:validation:cel[0]:rule="self <= 100"
	Limit int32 `json:"limit,omitempty"` // want: cel-rule-added
	// +optional
	// +k8s:validation:cel[0]:rule>self.size() <= 10 &&
	// +k8s:validation:cel[0]:rule>self.all(x, x != "")
	Notes []string `json:"notes,omitempty"` // want: cel-rule-added
	// Declarative validation in alpha is not enforced: a warning.
	// +optional
	// +k8s:alpha(since: "1.36")=+k8s:maxItems=5
	Hosts []string `json:"hosts,omitempty"` // want: validation-tightened:warning
	// +optional
	// +k8s:minimum=0
	Port int32 `json:"port,omitempty"`
	// The same values, in controller-gen's braced list.
	// +optional
	// +kubebuilder:validation:Enum={fast,"slow"}
	Mode string `json:"mode,omitempty"`
	// A rule in a raw string, as controller-gen reads it.
	// +optional
	// +kubebuilder:validation:XValidation:message="positive",rule=`self > 0`
	Size int32 `json:"size,omitempty"` // want: cel-rule-added
}

// WidgetStatus is observed.
type WidgetStatus struct {
	// Status fields may tighten.
	// +optional
	// +k8s:validation:maxLength=16
	Message string `json:"message,omitempty"`
}

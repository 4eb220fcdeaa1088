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
	// +listType=map
	// +listMapKey=name
	Ports []Port `json:"ports,omitempty"` // want: list-semantics-changed
	// +optional
	// +listType=atomic
	Hosts []string `json:"hosts,omitempty"` // want: list-semantics-changed
	// +optional
	Env []Port `json:"env,omitempty" patchStrategy:"replace"` // want: list-semantics-changed
	// +optional
	// +mapType=atomic
	Labels map[string]string `json:"labels,omitempty"` // want: list-semantics-changed
}

// Port is an element.
type Port struct {
	Name string `json:"name"`
}

// WidgetStatus is observed.
type WidgetStatus struct{}

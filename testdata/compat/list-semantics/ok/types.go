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
	// Spelling out what an unmarked list means changes nothing.
	// +optional
	// +listType=atomic
	Ports []Port `json:"ports,omitempty"`
	// +optional
	// Declarative validation's spelling is the same list type.
	// +k8s:listType=set
	Hosts []string `json:"hosts,omitempty"`
	// +optional
	Env []Port `json:"env,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	// +optional
	// +mapType=granular
	Labels map[string]string `json:"labels,omitempty"`
}

// Port is an element.
type Port struct {
	Name string `json:"name"`
}

// WidgetStatus is observed.
type WidgetStatus struct{}

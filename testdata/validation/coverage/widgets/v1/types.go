package v1

type TypeMeta struct{}

type Widget struct {
	TypeMeta `json:",inline"`

	Spec WidgetSpec `json:"spec"`
}

type WidgetSpec struct {
	// +k8s:required
	// +k8s:maxLength=63
	Name string `json:"name"`

	// +k8s:optional
	// +k8s:minimum=1
	Replicas *int32 `json:"replicas,omitempty"`

	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	Ports []Port `json:"ports,omitempty"`

	// +k8s:optional
	// +k8s:eachKey=+k8s:maxLength=16
	Labels map[string]string `json:"labels,omitempty"`
}

type Port struct {
	// +k8s:required
	Name string `json:"name"`

	// +k8s:optional
	// +k8s:maximum=65535
	Number int32 `json:"number"`
}

type Gadget struct {
	TypeMeta `json:",inline"`

	// +k8s:optional
	// +k8s:immutable
	Model string `json:"model"`
}

// Plain declares nothing, and gets no fixture.
type Plain struct {
	TypeMeta `json:",inline"`

	Note string `json:"note"`
}

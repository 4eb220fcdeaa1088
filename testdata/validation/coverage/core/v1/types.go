package v1

type TypeMeta struct{}

type Pod struct {
	TypeMeta `json:",inline"`

	// +k8s:optional
	// +k8s:format=k8s-short-name
	Hostname string `json:"hostname,omitempty"`

	// +k8s:optional
	// +k8s:minimum=0
	Priority *int32 `json:"priority,omitempty"`
}

type Service struct {
	TypeMeta `json:",inline"`

	// +k8s:required
	Selector string `json:"selector"`
}

package config

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetConfiguration configures the widget daemon.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WidgetConfiguration struct {
	metav1.TypeMeta

	Name     string
	Replicas int32
	Mode     Mode
	Ports    []Port
	Tags     []string
	Limits   map[string]int32
	Backend  *Backend
}

// Mode is how the daemon runs.
type Mode string

// Port is one listening port.
type Port struct {
	Name     string
	Number   int32
	Protocol string
}

// Backend is where the daemon sends its work: exactly one of its fields.
type Backend struct {
	Queue  *string
	Bucket *string
}

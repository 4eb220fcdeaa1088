package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetConfiguration configures the widget daemon.
//
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
type WidgetConfiguration struct {
	metav1.TypeMeta `json:",inline"`

	// Name names the daemon.
	// +k8s:required
	// +k8s:maxLength=63
	Name string `json:"name"`

	// Replicas is how many workers run.
	// +k8s:optional
	// +default=1
	// +k8s:minimum=1
	Replicas *int32 `json:"replicas,omitempty"`

	// Mode is how the daemon runs.
	// +k8s:optional
	Mode Mode `json:"mode,omitempty"`

	// Ports are the listening ports, one per name.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=8
	Ports []Port `json:"ports,omitempty"`

	// Tags label the daemon; each at most once.
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:maxLength=16
	Tags []string `json:"tags,omitempty"`

	// Limits caps resources by name.
	// +k8s:optional
	// +k8s:eachVal=+k8s:minimum=0
	Limits map[string]int32 `json:"limits,omitempty"`

	// Backend is where the work goes.
	// +k8s:optional
	Backend *Backend `json:"backend,omitempty"`
}

// Mode is how the daemon runs.
// +k8s:enum
type Mode string

// The modes.
const (
	ModeActive  Mode = "Active"
	ModePassive Mode = "Passive"
)

// Port is one listening port.
type Port struct {
	// Name identifies the port.
	// +k8s:required
	Name string `json:"name"`
	// Number is the port number.
	// +k8s:required
	// +k8s:minimum=1
	// +k8s:maximum=65535
	Number int32 `json:"number"`
	// Protocol is the transport protocol.
	// +k8s:optional
	// +k8s:immutable
	Protocol string `json:"protocol,omitempty"`
}

// Backend is where the daemon sends its work: exactly one of its fields.
type Backend struct {
	// Queue names a queue.
	// +k8s:optional
	// +k8s:unionMember
	Queue *string `json:"queue,omitempty"`
	// Bucket names a bucket.
	// +k8s:optional
	// +k8s:unionMember
	Bucket *string `json:"bucket,omitempty"`
}

// Package rules breaks each rule of the conventions analyzer.
package rules

// Mode is how a frobber runs.
type Mode string // want `type Mode has 2 constants of its own but no \+enum`

const (
	ModeFast Mode = "Fast"
	ModeSlow Mode = "Slow"
)

// Frobber is served with server-side apply.
//
// +genclient
type Frobber struct {
	// want +2 `field Frobber.Replicas is \+optional, but its JSON tag has no omitempty`
	// +optional
	Replicas *int32 `json:"replicas"`
	// want +2 `field Frobber.Paused is an \+optional bool that is not a pointer`
	// +optional
	Paused bool `json:"paused,omitempty"`
	// want +2 `field Frobber.Name is \+required, but its JSON tag has omitempty`
	// +required
	Name string `json:"name,omitempty"`
	// want +2 `field Frobber.URLPath is \+required but has no JSON name: it is sent as "URLPath"; tag it json:"urlPath"`
	// +required
	URLPath string
	// want +2 `field Frobber.ID is \+required but has no JSON name`
	// +required
	ID string `protobuf:"bytes,1,opt,name=id"`
	// want +2 `list field Frobber.Ports has no \+listType`
	// +optional
	Ports []string `json:"ports,omitempty"`
	// +optional
	// +listType=set
	Tags []string `json:"tags,omitempty"`
	Mode Mode     `json:"mode"`
}

// ListMeta stands in for metav1.ListMeta.
type ListMeta struct{}

// FrobberList is a list kind: its items are read, never applied.
type FrobberList struct {
	ListMeta `json:"metadata,omitempty"`
	Items    []Frobber `json:"items"`
}

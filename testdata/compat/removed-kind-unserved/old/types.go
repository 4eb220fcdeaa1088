package v1

// TypeMeta stands in for metav1.TypeMeta: a struct embedding it is a kind.
type TypeMeta struct {
	Kind string `json:"kind,omitempty"`
}

// Widget is the kind of the fixture, a REST resource.
//
// +genclient
type Widget struct {
	TypeMeta `json:",inline"`
	Spec     WidgetSpec `json:"spec"`
}

// WidgetSpec is desired.
type WidgetSpec struct {
	// +optional
	Size int32 `json:"size,omitempty"`
}

// Gadget is a second REST resource.
//
// +genclient
type Gadget struct { // want: removed-kind
	TypeMeta `json:",inline"`
}

// GadgetList is its list: removed with it, so part of the same finding.
type GadgetList struct {
	TypeMeta `json:",inline"`
	Items    []Gadget `json:"items"`
}

// WidgetStatusResult wraps a status for a caller outside the API server:
// registered in the scheme, served by no endpoint.
type WidgetStatusResult struct { // want: removed-kind:warning
	TypeMeta `json:",inline"`
}

// Sprocket is a third REST resource.
//
// +genclient
type Sprocket struct {
	TypeMeta `json:",inline"`
}

// SprocketList is its list.
type SprocketList struct { // want: removed-kind
	TypeMeta `json:",inline"`
	Items    []Sprocket `json:"items"`
}

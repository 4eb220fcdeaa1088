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
type Gadget struct {
	TypeMeta `json:",inline"`
}

// GadgetList is its list.
type GadgetList struct {
	TypeMeta `json:",inline"`
	Items    []Gadget `json:"items"`
}

// WidgetStatusResult wraps a status for a caller outside the API server.
type WidgetStatusResult struct {
	TypeMeta `json:",inline"`
}

// Sprocket is a third REST resource.
//
// +genclient
type Sprocket struct {
	TypeMeta `json:",inline"`
}

// SprocketList is its list.
type SprocketList struct {
	TypeMeta `json:",inline"`
	Items    []Sprocket `json:"items"`
}

package v1beta1

// TypeMeta stands in for metav1.TypeMeta: a struct embedding it is a kind.
type TypeMeta struct {
	Kind string `json:"kind,omitempty"`
}

// Widget is the kind of the fixture.
//
// +k8s:prerelease-lifecycle-gen:introduced=1.10
// +k8s:prerelease-lifecycle-gen:removed=1.16
type Widget struct {
	TypeMeta `json:",inline"`
	Spec     WidgetSpec `json:"spec"`
}

// WidgetSpec is desired.
type WidgetSpec struct {
	// +optional
	Size int32 `json:"size,omitempty"`
}

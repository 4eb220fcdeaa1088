package example

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Widget is the internal Widget.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta

	Spec   WidgetSpec
	Status WidgetStatus
}

// WidgetList is a list of Widgets.
type WidgetList struct {
	metav1.TypeMeta
	metav1.ListMeta
	Items []Widget
}

// WidgetSpec is a spec.
type WidgetSpec struct {
	Size   int32
	Owner  *string
	Tags   []string
	Labels map[string]string
	Mode   Mode
	Extra  string
}

// Mode is a named string.
type Mode string

// WidgetStatus is a status.
type WidgetStatus struct {
	Ready bool
}

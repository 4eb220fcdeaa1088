package api

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is a resource.
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Size is how big the widget is.
	Size int32 `json:"size"`
	// Tags have no list type: an API rule violation for the report.
	Tags []string `json:"tags"`
}

// WidgetList is a list of widgets.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`

	Items []Widget `json:"items"`
}

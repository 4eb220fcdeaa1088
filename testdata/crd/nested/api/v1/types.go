// Package v1 is a CRD version in a module nested in the repository's
// root module, with no go.work over both.
// +kubebuilder:object:generate=true
// +groupName=nested.example.com
package v1

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

/*
Mode is a mode. controller-gen reads no marker in a block comment
(external-secrets writes its enums so), which gengo's tools do read.
+kubebuilder:validation:Enum=Fast;Slow
*/
type Mode string

// WidgetSpec is what a widget should be.
type WidgetSpec struct {
	// Size is how big.
	// +kubebuilder:validation:Minimum=1
	Size int32 `json:"size"`
	// Owner names the owner.
	// +optional
	Owner string `json:"owner,omitempty"`
	// Timeout is a standard-library type, which the load reads from its
	// type cache without syntax (cluster-api-operator).
	// +optional
	Timeout *time.Duration `json:"timeout,omitempty"`
	// +optional
	Interval time.Duration `json:"interval,omitempty"`
	// +optional
	Mode Mode `json:"mode,omitempty"`
}

// Widget is a nested module's kind.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

// WidgetList lists widgets.
// +kubebuilder:object:root=true
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}

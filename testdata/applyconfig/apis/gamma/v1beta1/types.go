package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Dial is cluster-scoped and preserves unknown fields in its settings.
// +genclient
// +genclient:nonNamespaced
// +genclient:method=ApplyStatus2,verb=apply,subresource=status
type Dial struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +optional
	Settings Settings `json:"settings,omitempty"`
	// +optional
	Status DialStatus `json:"status,omitempty"`
}

// Settings keeps what it does not know.
// +k8s:openapi-gen=x-kubernetes-preserve-unknown-fields:true
type Settings struct {
	// +optional
	Level int32 `json:"level,omitempty"`
}

// DialStatus is what is.
type DialStatus struct {
	// +optional
	Position string `json:"position,omitempty"`
}

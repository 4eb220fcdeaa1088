package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Thing has an apply configuration elsewhere.
// +genclient
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Value string `json:"value"`
}

// Other has none.
type Other struct {
	Note string `json:"note,omitempty"`
}

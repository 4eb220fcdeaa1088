package v2

import "apis.example/meta"

// +genclient
type Widget struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// +genclient
// +genclient:nonNamespaced
type APIThing struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

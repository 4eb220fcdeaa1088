package v1

import "apis.example/meta"

// +genclient
type Thing struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

// Package v1 has API types but asks for no clients.
package v1

import "apis.example/meta"

type Plain struct {
	meta.TypeMeta   `json:",inline"`
	meta.ObjectMeta `json:"metadata,omitempty"`
}

package user

import (
	"validation.example/readonly/ext/names"
	"validation.example/readonly/ext/numbers"
)

type Widget struct {
	// +k8s:optional
	Name names.Name `json:"name"`

	// +k8s:optional
	Count *numbers.Count `json:"count,omitempty"`
}

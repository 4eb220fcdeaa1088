package funcdoc

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type Widget struct {
	// +k8s:optional
	// +k8s:customValidation
	Name string `json:"name"`
}

// +k8s:customValidation on Widget.Name. It enforces
// that the name is short.
func ValidateCustom_Widget_Name(_ context.Context, _ operation.Operation, _ *field.Path, _, _ *string) field.ErrorList {
	return nil
}

package v1

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func ValidateCustom_EvictionResponder_Name(_ context.Context, _ operation.Operation, _ *field.Path, _, _ *string) field.ErrorList {
	return nil
}

func ValidateCustom_EvictionResponder_Priority(_ context.Context, _ operation.Operation, _ *field.Path, _, _ *int32) field.ErrorList {
	return nil
}

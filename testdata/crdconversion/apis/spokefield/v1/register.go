package v1

import "k8s.io/apimachinery/pkg/runtime"

var (
	// SchemeBuilder collects what registers this version: the generated
	// conversions register themselves with localSchemeBuilder.
	SchemeBuilder      runtime.SchemeBuilder
	localSchemeBuilder = &SchemeBuilder
	// AddToScheme adds this version's conversions to a scheme.
	AddToScheme = localSchemeBuilder.AddToScheme
)

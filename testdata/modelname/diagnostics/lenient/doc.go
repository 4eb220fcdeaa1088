// Package lenient gives model packages that are no dotted names but that
// upstream pastes into its string literals all the same.
//
// +k8s:openapi-model-package=io.example.lenient
package lenient

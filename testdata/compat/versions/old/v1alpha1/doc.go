// Package v1alpha1 is a fixture of apigen compat. // want: removed-version:exempt
//
// +groupName=example.com
package v1alpha1

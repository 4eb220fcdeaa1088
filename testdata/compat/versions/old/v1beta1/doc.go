// Package v1beta1 is a fixture of apigen compat. // want: removed-version
//
// +groupName=example.com
package v1beta1

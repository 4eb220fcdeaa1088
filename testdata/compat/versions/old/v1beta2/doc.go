// Package v1beta2 is a fixture of apigen compat. // want: removed-version:warning
//
// +groupName=example.com
package v1beta2

// Package v1beta3 is a fixture of apigen compat. // want: removed-version:warning
//
// +groupName=example.com
package v1beta3

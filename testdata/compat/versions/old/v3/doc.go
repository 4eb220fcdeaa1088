// Package v3 is a fixture of apigen compat. // want: removed-version
//
// +groupName=example.com
package v3

// Package v1beta2 is a fixture of apigen compat.
//
// +groupName=example.com
package v1beta2

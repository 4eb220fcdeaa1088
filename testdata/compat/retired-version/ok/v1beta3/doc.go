// Package v1beta3 is a fixture of apigen compat.
//
// +groupName=example.com
package v1beta3

// Package v1 is a fixture of apigen compat.
//
// +groupName=example.com
package v1

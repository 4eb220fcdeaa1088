// Package v3 is a fixture of apigen compat.
//
// +groupName=example.com
package v3

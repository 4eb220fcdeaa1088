// Package v2 is a fixture of apigen compat.
//
// +groupName=example.com
package v2

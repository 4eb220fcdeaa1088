// Package v1 has doc comments and rules the docs warn about.
//
// +groupName=warnings.example.com
package v1

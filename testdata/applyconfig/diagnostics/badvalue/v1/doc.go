// +groupName=badvalue.example.com

// Package v1 has +genclient markers with bad values.
package v1

// +groupName=unknown.example.com
// +k8s:lister-gen:types=Widget

// Package v1 misspells markers in lister-gen's name spaces.
package v1

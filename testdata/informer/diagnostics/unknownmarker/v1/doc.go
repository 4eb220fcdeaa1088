// +groupName=unknown.example.com
// +k8s:informer-gen:resync=30s
// +k8s:infromer-gen=false

// Package v1 misspells markers in informer-gen's name spaces.
package v1

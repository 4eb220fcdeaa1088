// +k8s:applyconfiguration-gen=false
// +k8s:applyconfiguration-gen=true
// +groupName=mixed.example.com

// Package v1 switches applyconfiguration-gen both off and on.
package v1

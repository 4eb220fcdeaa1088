// +groupName=bad.example.com
// +groupGoName=
// +k8s:informer-gen=false
// +k8s:informer-gen=true

// Package v1 gives markers values they do not take.
package v1

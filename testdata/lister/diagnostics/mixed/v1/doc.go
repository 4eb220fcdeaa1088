// +k8s:lister-gen=false
// +k8s:lister-gen=true

// Package v1 both turns listers off and on.
package v1

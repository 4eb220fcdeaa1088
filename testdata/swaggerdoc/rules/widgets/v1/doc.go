// +k8s:deepcopy-gen=package
// +groupName=widgets.example.com

// Package v1 is the fixture of every rule of the swagger docs.
package v1

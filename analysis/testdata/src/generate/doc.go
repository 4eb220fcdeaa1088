// Package generate has a type deepcopy-gen cannot copy.
//
// +k8s:deepcopy-gen=package
package generate

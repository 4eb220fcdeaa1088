// Package v1 holds types that other packages use. It asks only for deep
// copies, so kube_codegen.sh gives it to deepcopy-gen and to no other tool.
//
// +k8s:deepcopy-gen=package
package v1

// Package v1 asks register-gen for its scheme registration, but it has no
// group name marker, which is what kube_codegen.sh's gen_register looks for.
//
// +k8s:deepcopy-gen=package
// +k8s:register-gen=true
package v1

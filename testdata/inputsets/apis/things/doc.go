// Package things holds the internal types of the things group. Its
// directory is not named like a version, so kube_codegen.sh's gen_client
// leaves it out although it asks for a client.
//
// +k8s:deepcopy-gen=package
package things

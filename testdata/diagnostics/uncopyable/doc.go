// +k8s:deepcopy-gen=package

// Package uncopyable has fields deepcopy cannot copy.
package uncopyable

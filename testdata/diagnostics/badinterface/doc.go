// +k8s:deepcopy-gen=package

// Package badinterface names interfaces that do not resolve.
package badinterface

// +k8s:deepcopy-gen=package

// Package funcdoc has a function whose doc comment starts with a marker's
// name.
package funcdoc

// +k8s:deepcopy-gen=package

// Package unknownmarker misspells a deepcopy marker.
package unknownmarker

// +k8s:deepcopy-gen=package

// Package pairs has generic API-style types: upstream deepcopy-gen cannot
// generate their methods, apigen can.
package pairs

// Package markers misuses markers.
//
// want +1 `invalid value "maybe" for \+k8s:deepcopy-gen: allowed values are package, false`
// +k8s:deepcopy-gen=maybe
package markers

// Package api is a fixture of the run cache's tests: its deep copies
// depend on the files of a module that go.mod replaces by a directory.
//
// +k8s:deepcopy-gen=package
package api

// Package api is a fixture of the run cache's tests: its generated files
// depend on the version of k8s.io/apimachinery that go.mod requires.
//
// +k8s:deepcopy-gen=package
// +k8s:openapi-gen=true
package api

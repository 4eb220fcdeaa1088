// +k8s:prerelease-lifecycle-gen=true

// Package v1beta1 has an API type without its introduced release, and a
// hand-written method of the wrong shape.
package v1beta1

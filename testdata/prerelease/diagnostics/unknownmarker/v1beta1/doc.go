// +k8s:prerelease-lifecycle-gen=true

// Package v1beta1 misspells prerelease-lifecycle-gen's markers.
package v1beta1

// +k8s:prerelease-lifecycle-gen=true

// Package v1beta1 gives prerelease-lifecycle-gen malformed values.
package v1beta1

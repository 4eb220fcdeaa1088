// Package v1beta1 is the older version of compat's DiffVersions fixture.
//
// +groupName=example.com
package v1beta1

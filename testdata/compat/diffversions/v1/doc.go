// Package v1 is the newer version of compat's DiffVersions fixture.
//
// +groupName=example.com
package v1

// +groupName=

// Package v1 is the legacy core group, whose name is empty.
package v1

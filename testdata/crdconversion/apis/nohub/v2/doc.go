// Package v2 is a version of group nohub.crdconv.example, which names no hub.
//
// +groupName=nohub.crdconv.example
package v2

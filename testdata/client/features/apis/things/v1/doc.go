// Package v1 is the first version of the things API: every client marker
// that client-gen reads, on plain structs.
//
// +groupName=things.example.com
package v1

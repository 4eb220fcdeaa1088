// Package v1 is a small API with every kind of client.
//
// +groupName=things.example.com
package v1

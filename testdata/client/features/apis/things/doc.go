// Package things is the internal version of the things API.
//
// +groupName=things.example.com
package things

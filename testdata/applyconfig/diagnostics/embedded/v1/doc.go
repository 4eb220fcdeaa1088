// +groupName=embedded.example.com

// Package v1 embeds, under a json name, a struct that has no apply
// configuration.
package v1

// Package api keys a list of another package's elements by fields of a
// struct they embed: one key exists, one does not, and one is optional.
//
// +k8s:openapi-gen=true
package api

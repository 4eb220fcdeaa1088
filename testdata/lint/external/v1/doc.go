// Package v1 is a version of API types that does not say whether it
// wants deep copies.
//
// +groupName=widgets.example.com
package v1

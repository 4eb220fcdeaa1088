// Package maxitemsstring is bad input for openapi-gen.
//
// +k8s:openapi-gen=true
package maxitemsstring

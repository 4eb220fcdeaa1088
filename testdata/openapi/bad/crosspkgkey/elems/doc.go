// Package elems declares list elements whose key fields come from an
// embedded struct.
//
// +k8s:openapi-gen=true
package elems

// Package v1 holds the per-version internals of hub types: defaults, but
// no word on conversion or validation.
//
// +k8s:defaulter-gen=TypeMeta
// +groupName=widgets.example.com
package v1

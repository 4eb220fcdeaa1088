// +groupName=example.apigen.dev

// Package example is the internal version of a small API.
package example

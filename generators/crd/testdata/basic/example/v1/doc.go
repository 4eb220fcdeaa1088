// +groupName=example.apigen.dev

// Package v1 is a small API for controller-gen's golden test.
package v1

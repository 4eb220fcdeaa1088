// +k8s:conversion-gen=conv.example/apis/thing

// Package v1 has functions named like conversions that upstream passes
// over without harm: none has the name of a function it generates.
package v1

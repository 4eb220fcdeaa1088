// Package numbers is read with --readonly-pkg too.
package numbers

// +k8s:minimum=1
type Count int32

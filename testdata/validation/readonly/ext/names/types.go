// Package names has validation functions that another package calls;
// validation-gen reads it with --readonly-pkg, and writes nothing here.
package names

// +k8s:maxLength=16
type Name string

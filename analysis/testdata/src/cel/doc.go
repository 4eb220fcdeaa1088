// +k8s:openapi-gen=true

// Package cel has a rule that does not compile.
package cel

// Package unions has unions that upstream's openapi-gen logs as bad and
// writes all the same.
//
// +k8s:openapi-gen=true
package unions

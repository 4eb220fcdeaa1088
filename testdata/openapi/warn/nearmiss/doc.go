// Package nearmiss has markers that upstream's openapi-gen passes over,
// found by the differential tests' near misses.
//
// +k8s:openapi-gen=true
package nearmiss

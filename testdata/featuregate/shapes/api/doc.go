// Package api holds every shape the feature-gate helpers walk.
//
// +k8s:featuregate-gen=package
package api

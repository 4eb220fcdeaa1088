// Package other gets no apply configurations.
//
// +k8s:applyconfiguration-gen=false
package other

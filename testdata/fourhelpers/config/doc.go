// Package config is the internal version of the widget configuration API:
// a component-config style API, whose kinds embed TypeMeta only.
//
// +k8s:deepcopy-gen=package
// +groupName=config.example.com
package config

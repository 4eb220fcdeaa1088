// +k8s:defaulter-gen=TypeMeta
// +k8s:defaulter-gen-input=defaults.example/good/external/v1

// Package v1 writes the defaulters of defaults.example/good/external/v1.
package v1

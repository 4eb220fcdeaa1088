// +k8s:applyconfiguration-gen:types=Thing
// +k8s:applyconfigurationgen=false
// +groupName=unknown.example.com

// Package v1 has markers that look like those of applyconfiguration-gen
// and of the genclient family, but are not.
package v1

// Package badverb holds RBAC markers for a controller.
package badverb

// +kubebuilder:rbac:groups=bad.example,resources=things,verbs=get;list;watch
// +kubebuilder:rbac:groups=bad.example,resources=things/status,verbs=get;upate

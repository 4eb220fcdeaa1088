// Package controllers holds the RBAC and webhook markers of the project,
// which the mcs-api form of the command line (rbac, webhook and
// schemapatch together) reads.
package controllers

// +kubebuilder:rbac:groups=ships.schemapatch.example,resources=ships,verbs=get;list;watch;update
// +kubebuilder:rbac:groups=ships.schemapatch.example,resources=ships/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=ships.schemapatch.example,resources=docks,verbs=get;list

// +kubebuilder:webhook:path=/validate-ships,mutating=false,failurePolicy=fail,sideEffects=None,groups=ships.schemapatch.example,resources=ships,verbs=create;update,versions=v1;v2,name=vship.schemapatch.example,admissionReviewVersions=v1

// Reconcile does nothing.
func Reconcile() error { return nil }

// Package controllers holds RBAC markers the way kubebuilder projects
// write them, above a reconciler.
package controllers

// +kubebuilder:rbac:groups=shop.features.example,resources=widgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=shop.features.example,resources=widgets/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=shop.features.example,resources=widgets/finalizers,verbs=update
// +kubebuilder:rbac:groups=shop.features.example,resources=gadgets,verbs=get;list;watch
// +kubebuilder:rbac:groups=core,resources=pods;services,verbs=get;list;watch
// +kubebuilder:rbac:groups="",resources=events,verbs=create;patch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list
// +kubebuilder:rbac:groups=batch,resources=deployments,verbs=list;get
// +kubebuilder:rbac:groups=shop.features.example,resources=gadgets,verbs=*
// +kubebuilder:rbac:urls=/metrics,verbs=get
// +kubebuilder:rbac:urls=/healthz;/readyz,verbs=get
// +kubebuilder:rbac:groups="",resources=configmaps,resourceNames=shop-config;shop-extra,verbs=get;update

// SetupWithManager does nothing.
func SetupWithManager() {}

// +kubebuilder:rbac:groups=ignored.by.type,resources=ignored,verbs=get

// Reconciler reconciles widgets. Markers in its doc comment, or in the
// block just above, belong to the type and are read by no generator:
// +kubebuilder:rbac:groups=ignored,resources=ignored,verbs=get
type Reconciler struct{}

// +kubebuilder:rbac:groups="",namespace=shop,resources=secrets,verbs=get;list;watch
// +kubebuilder:rbac:groups=coordination.k8s.io,namespace=shop,resources=leases,verbs=get;create;update
// +kubebuilder:rbac:groups="",namespace=shop,roleName=shop-secrets,resources=secrets,verbs=get
// +kubebuilder:rbac:groups=apps,roleName=deployment-reader,resources=deployments,verbs=get;list

// Reconcile does nothing.
func (r *Reconciler) Reconcile() error { return nil }

// +kubebuilder:rbac:groups=trailing,resources=ignored,verbs=get

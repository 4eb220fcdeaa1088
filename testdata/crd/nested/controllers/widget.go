// Package controllers is in the root module and uses the nested module's
// types through a replace.
package controllers

import v1 "nested.example/api/v1"

// +kubebuilder:rbac:groups=nested.example.com,resources=widgets,verbs=get;list;watch
// +kubebuilder:rbac:groups=nested.example.com,resources=widgets/status,verbs=update

// Reconciler reconciles widgets.
type Reconciler struct {
	Last *v1.Widget
}

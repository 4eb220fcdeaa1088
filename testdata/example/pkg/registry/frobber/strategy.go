/*
Copyright The Frobber Authors.

Licensed under the Apache License, Version 2.0 (the "License"). This file may
be used only in accordance with the License, which can be obtained at

    http://www.apache.org/licenses/LICENSE-2.0

Unless applicable law requires otherwise or it was agreed to in writing, the
software is provided "AS IS", with no warranties or conditions of any kind,
express or implied. Consult the License for the exact terms that govern its
permissions and limitations.
*/

// Package frobber holds the parts of the Frobber REST strategy that the
// API-changes guide asks for when a field is gated by a feature: before a
// Frobber is stored, fields of disabled features are cleared, unless the
// stored object already uses them.
package frobber

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"

	v6 "example.com/frobbers/apis/frobbers/v6"
)

// Strategy prepares Frobbers for storage.
type Strategy struct {
	// Enabled reports whether a feature gate is on. A server built on
	// k8s.io/component-base passes
	//	func(g string) bool { return utilfeature.DefaultFeatureGate.Enabled(featuregate.Feature(g)) }
	Enabled func(gate string) bool
}

// PrepareForCreate clears the fields of disabled features.
func (s Strategy) PrepareForCreate(_ context.Context, obj runtime.Object) {
	v6.DropDisabledFrobberFields(s.Enabled, obj.(*v6.Frobber), nil)
}

// PrepareForUpdate clears the fields of disabled features that old does not
// use yet.
func (s Strategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	v6.DropDisabledFrobberFields(s.Enabled, obj.(*v6.Frobber), old.(*v6.Frobber))
}

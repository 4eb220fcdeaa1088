// Package crdschema holds the CRD schemas of a run's types: the schema
// controller-gen's crd generator gives each named type, references
// resolved and embedded structs merged, as it would appear in a CRD. The
// crd generator computes them (it sets Types.Compute); others, such as the
// docs generator, read them through the engine without importing it.
package crdschema

import (
	apiext "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/apigen-dev/apigen/diag"
	"github.com/apigen-dev/apigen/engine"
	"github.com/apigen-dev/apigen/model"
)

// Key names a type: its package's import path, a dot and its name.
type Key string

// KeyOf returns the key of the type name of package pkg.
func KeyOf(pkg, name string) Key { return Key(pkg + "." + name) }

// Types are the schemas of the exported named types declared in the
// model's packages. The crd generator sets Compute; problems it finds are
// its own to report, so they are not passed on.
var Types = &engine.Result[map[Key]*apiext.JSONSchemaProps]{Name: "crd type schemas"}

// Of returns the schemas of m's types, or nil when no crd generator is
// linked in.
func Of(m *model.Model) map[Key]*apiext.JSONSchemaProps {
	if Types.Compute == nil {
		return nil
	}
	return Types.Of(m, &diag.List{})
}
